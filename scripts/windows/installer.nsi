; The Windows installer of Concours de belote, compiled by scripts/build_windows.py (which
; gives VERSION, OUTFILE, FILES, REMOVAL, SIZE_KB, and QUICK for --quick). Per user, no
; administrator: the program in %LOCALAPPDATA%\Programs\concours-belote, the data in
; %LOCALAPPDATA%\concours-belote, which neither an upgrade nor the uninstaller touches.
Unicode true
Target amd64-unicode  ; a 64-bit installer: Debian's wine (and the Python inside) are 64-bit
!ifdef QUICK
  SetCompressor zlib  ; build_windows.py --quick: a test's throwaway build, 4 times faster
!else
  SetCompressor /SOLID lzma
!endif
SetDateSave off  ; the files' dates would make two builds of one checkout differ
RequestExecutionLevel user
ManifestDPIAware true

!define APP "concours-belote"
!define NAME "Concours de belote"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
!define EXE "$INSTDIR\python\concours-belote.exe"
!define ARGUMENTS "-m tournament.launcher"

Name "${NAME} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${NAME} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=1036 "ProductName" "${NAME}"
VIAddVersionKey /LANG=1036 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1036 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1036 "FileDescription" "Installation de ${NAME}"
VIAddVersionKey /LANG=1036 "LegalCopyright" "${NAME}"

!include "MUI2.nsh"
!define MUI_WELCOMEPAGE_TEXT "Ce programme installe ${NAME} ${VERSION} pour vous seul, sans droits d'administrateur.$\r$\n$\r$\nSi une version plus ancienne est installée, elle est remplacée : vos concours et leurs sauvegardes sont gardés.$\r$\n$\r$\nFermez la fenêtre du concours s'il est ouvert, puis cliquez sur Suivant."
!define MUI_FINISHPAGE_TEXT "${NAME} est installé : le raccourci « ${NAME} » est sur le bureau et dans le menu Démarrer.$\r$\n$\r$\nAu premier démarrage, Windows demande si le programme peut communiquer sur le réseau : cochez « Réseaux privés » et cliquez sur « Autoriser », sinon les téléphones des tables ne pourront pas joindre cet ordinateur."
!define MUI_FINISHPAGE_RUN "${EXE}"
!define MUI_FINISHPAGE_RUN_PARAMETERS "${ARGUMENTS}"
!define MUI_FINISHPAGE_RUN_TEXT "Ouvrir ${NAME} maintenant"
!define MUI_UNCONFIRMPAGE_TEXT_TOP "Le programme ${NAME} va être retiré. Vos concours, leurs sauvegardes et le mot de passe restent dans le dossier $LOCALAPPDATA\${APP} : supprimez-le vous-même si vous n'en voulez plus."
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "French"

Section
  SetShellVarContext current
  ; An upgrade: the previous version's program folders go first (a module removed since
  ; must not stay importable); the data folder is not among them.
  !include "${REMOVAL}"
  !include "${FILES}"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\desinstaller.exe"
  CreateShortCut "$SMPROGRAMS\${NAME}.lnk" "${EXE}" "${ARGUMENTS}" "${EXE}" 0 SW_SHOWNORMAL \
    "" "Ouvrir le concours (la fenêtre noire : fermez-la pour arrêter)"
  CreateShortCut "$DESKTOP\${NAME}.lnk" "${EXE}" "${ARGUMENTS}" "${EXE}" 0 SW_SHOWNORMAL \
    "" "Ouvrir le concours (la fenêtre noire : fermez-la pour arrêter)"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\desinstaller.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\desinstaller.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${NAME}.lnk"
  Delete "$DESKTOP\${NAME}.lnk"
  !include "${REMOVAL}"
  Delete "$INSTDIR\desinstaller.exe"
  RMDir "$INSTDIR"  ; only if empty: never the user's own files
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
