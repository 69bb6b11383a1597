; kgdesk — Windows installer (NSIS 3, Unicode; this file is UTF-8 with a BOM).
;
; Per-user install without administrator rights: %LOCALAPPDATA%\Programs\kgdesk, shortcuts in the
; user's Start menu and desktop, registry entries under HKCU only.
; User data lives apart from the program, in KGDESK_HOME = %LOCALAPPDATA%\kgdesk (settings, data
; versions, the local graph database, history, audit log); the uninstaller keeps it unless the user
; ticks "同时删除我的数据".
;
; Excel files: kgdesk does NOT take over .xlsx/.xls (that would hijack Excel, the program the
; departments fill the templates in). It adds a right-click entry "用 kgdesk 校验台账" for both
; (HKCU\Software\Classes\SystemFileAssociations, which leaves the default program alone) that
; validates the file against the templates in a console window.
;
; Build (Windows): installer\build_windows.ps1. Compile check (Linux): installer/makensis.sh.
;   makensis -DVERSION=0.1.0 [-DBUNDLE=..\dist\kgdesk] [-DOUTDIR=..\dist] [-DICON=build\kgdesk.ico]
;            [-DCHECK_ONLY] installer\kgdesk.nsi
; Relative paths are relative to this folder (makensis changes into it).

Unicode true
ManifestDPIAware true
RequestExecutionLevel user

!ifndef VERSION
  !error "版本号未指定：makensis -DVERSION=x.y.z installer\kgdesk.nsi"
!endif
!ifndef BUNDLE
  !define BUNDLE "..\dist\kgdesk"
!endif
!ifndef OUTDIR
  !define OUTDIR "..\dist"
!endif
!ifndef ICON
  !define ICON "build\kgdesk.ico"
!endif
!ifdef CHECK_ONLY
  ; Compile check on Linux with the Linux bundle: no compression (fast), a name nobody ships.
  SetCompress off
  !define SUFFIX "-check-only"
!else
  SetCompressor /SOLID lzma
  SetCompressorDictSize 64
  !define SUFFIX ""
!endif

!define APP "kgdesk"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\kgdesk"
!define VALIDATE_VERB "kgdesk.validate"
!define DATA_DIR "$LOCALAPPDATA\kgdesk"

Name "kgdesk ${VERSION}"
Caption "kgdesk ${VERSION} 安装"
OutFile "${OUTDIR}\kgdesk-${VERSION}-setup${SUFFIX}.exe"
InstallDir "$LOCALAPPDATA\Programs\kgdesk"
InstallDirRegKey HKCU "Software\kgdesk" "InstallDir"
BrandingText "kgdesk ${VERSION}"
ShowInstDetails show
ShowUninstDetails show

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING

; ---------------------------------------------------------------- pages
!define MUI_WELCOMEPAGE_TITLE "安装 kgdesk ${VERSION}"
!define MUI_WELCOMEPAGE_TEXT "kgdesk 是离线使用的台账知识图谱桌面工具：把 Excel 台账拖进窗口，校验、构建知识图谱，然后用中文提问。$\r$\n$\r$\n安装到当前用户，不需要管理员权限，也不需要联网；Java 运行环境和本地图数据库已包含在内。$\r$\n$\r$\n您的数据保存在 ${DATA_DIR}，升级或卸载都不会删除它（除非您在卸载时选择删除）。"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\kgdesk.exe"
!define MUI_FINISHPAGE_RUN_TEXT "启动 kgdesk"
!define MUI_FINISHPAGE_SHOWREADME ""
!define MUI_FINISHPAGE_SHOWREADME_TEXT "运行自检（启动内置图数据库、导入示例数据并提问，约 1～3 分钟）"
!define MUI_FINISHPAGE_SHOWREADME_NOTCHECKED
!define MUI_FINISHPAGE_SHOWREADME_FUNCTION RunSelfTest
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!define MUI_COMPONENTSPAGE_TEXT_TOP "默认只删除程序，保留您的数据（设置、数据版本、本地图数据库、对话记录和审计日志），重新安装后可继续使用。"
!define MUI_COMPONENTSPAGE_NODESC
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "SimpChinese"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_SIMPCHINESE} "ProductName" "kgdesk"
VIAddVersionKey /LANG=${LANG_SIMPCHINESE} "FileDescription" "kgdesk ${VERSION} 安装程序"
VIAddVersionKey /LANG=${LANG_SIMPCHINESE} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_SIMPCHINESE} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_SIMPCHINESE} "LegalCopyright" "kgdesk"

; ---------------------------------------------------------------- helpers
!macro STOP_LOCAL_SERVER
  ; A detached local graph server (kgdesk local-neo4j start) keeps runtime\ and the jars open.
  ${If} ${FileExists} "$INSTDIR\kgdesk-cli.exe"
    DetailPrint "停止本地图数据库（如在运行）……"
    nsExec::Exec '"$INSTDIR\kgdesk-cli.exe" local-neo4j stop'
    Pop $0
  ${EndIf}
!macroend

Function RunSelfTest
  Exec '"$SYSDIR\cmd.exe" /k ""$INSTDIR\kgdesk-cli.exe" --self-test"'
FunctionEnd

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

; ---------------------------------------------------------------- install
Section "kgdesk" SecMain
  SectionIn RO
  !insertmacro STOP_LOCAL_SERVER
  ; An upgrade replaces the program completely (user data is elsewhere and stays).
  RMDir /r "$INSTDIR\_internal"
  RMDir /r "$INSTDIR\runtime"

  SetOutPath "$INSTDIR"
  File /r "${BUNDLE}\*"
  File "/oname=kgdesk.ico" "${ICON}"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateDirectory "$SMPROGRAMS\kgdesk"
  CreateShortcut "$SMPROGRAMS\kgdesk\kgdesk.lnk" "$INSTDIR\kgdesk.exe" "" "$INSTDIR\kgdesk.ico"
  CreateShortcut "$SMPROGRAMS\kgdesk\kgdesk 自检.lnk" "$SYSDIR\cmd.exe" '/k ""$INSTDIR\kgdesk-cli.exe" --self-test"' "$INSTDIR\kgdesk.ico"
  CreateShortcut "$SMPROGRAMS\kgdesk\卸载 kgdesk.lnk" "$INSTDIR\uninstall.exe"
  CreateShortcut "$DESKTOP\kgdesk.lnk" "$INSTDIR\kgdesk.exe" "" "$INSTDIR\kgdesk.ico"

  ; Right-click "用 kgdesk 校验台账" on Excel files, without changing their default program.
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xlsx\shell\${VALIDATE_VERB}" "" "用 kgdesk 校验台账"
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xlsx\shell\${VALIDATE_VERB}" "Icon" "$INSTDIR\kgdesk.ico"
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xlsx\shell\${VALIDATE_VERB}\command" "" '"$SYSDIR\cmd.exe" /k ""$INSTDIR\kgdesk-cli.exe" validate "%1""'
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xls\shell\${VALIDATE_VERB}" "" "用 kgdesk 校验台账"
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xls\shell\${VALIDATE_VERB}" "Icon" "$INSTDIR\kgdesk.ico"
  WriteRegStr HKCU "Software\Classes\SystemFileAssociations\.xls\shell\${VALIDATE_VERB}\command" "" '"$SYSDIR\cmd.exe" /k ""$INSTDIR\kgdesk-cli.exe" validate "%1""'

  WriteRegStr HKCU "Software\kgdesk" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "Software\kgdesk" "Version" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "kgdesk ${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "kgdesk"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\kgdesk.ico"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" "$0"
SectionEnd

; ---------------------------------------------------------------- uninstall
Section "un.kgdesk 程序" UnSecProgram
  SectionIn RO
  !insertmacro STOP_LOCAL_SERVER

  Delete "$DESKTOP\kgdesk.lnk"
  RMDir /r "$SMPROGRAMS\kgdesk"
  DeleteRegKey HKCU "Software\Classes\SystemFileAssociations\.xlsx\shell\${VALIDATE_VERB}"
  DeleteRegKey HKCU "Software\Classes\SystemFileAssociations\.xls\shell\${VALIDATE_VERB}"
  DeleteRegKey HKCU "${UNINST_KEY}"
  DeleteRegKey HKCU "Software\kgdesk"

  RMDir /r "$INSTDIR\_internal"
  RMDir /r "$INSTDIR\runtime"
  Delete "$INSTDIR\kgdesk.exe"
  Delete "$INSTDIR\kgdesk-cli.exe"
  Delete "$INSTDIR\kgdesk.ico"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
SectionEnd

Section /o "un.同时删除我的数据（${DATA_DIR}）" UnSecData
  DetailPrint "删除用户数据 ${DATA_DIR}……"
  RMDir /r "${DATA_DIR}"
  ; Saved passwords (Windows 凭据管理器, python-keyring targets "kgdesk" and "<name>@kgdesk").
  nsExec::Exec '"$SYSDIR\cmdkey.exe" /delete:kgdesk'
  Pop $0
  nsExec::Exec '"$SYSDIR\cmdkey.exe" /delete:local-neo4j@kgdesk'
  Pop $0
  nsExec::Exec '"$SYSDIR\cmdkey.exe" /delete:neo4j-password@kgdesk'
  Pop $0
  nsExec::Exec '"$SYSDIR\cmdkey.exe" /delete:llm-api-key@kgdesk'
  Pop $0
SectionEnd
