"""Printed documents and spreadsheets: pure builders of data, then a renderer each.

`documents.py` builds the data (no HTTP), `pdf.py` renders print templates with WeasyPrint,
`workbook.py` writes the standings workbook with openpyxl.
"""
