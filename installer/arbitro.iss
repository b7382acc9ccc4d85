; Inno Setup script for Arbitro (Inno Setup 6). NOT TRIED: written on Linux, never compiled.
; Run through installer\build_windows.ps1, which builds installer\dist\arbitro\ first and
; passes /DAppVersion=...; by hand:  iscc /DAppVersion=0.1.0 installer\arbitro.iss
;
; Installs per user by default (no administrator needed on a club laptop), adds Start
; menu and optional desktop shortcuts to Arbitro.exe (the window, no console) and puts the
; folder on the user's PATH only if asked, for the command line (arbitro.exe rules ...).
; The database lives in %APPDATA%\arbitro and is left in place on uninstall.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{6C0B3E52-8E51-4B8F-9A6B-2F1D3C7A9B10}
AppName=Arbitro
AppVersion={#AppVersion}
AppPublisher=Arbitro
DefaultDirName={autopf}\Arbitro
DefaultGroupName=Arbitro
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=dist
OutputBaseFilename=Arbitro-Setup-{#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
LicenseFile=..\LICENSE
UninstallDisplayIcon={app}\Arbitro.exe
ChangesEnvironment=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "it"; MessagesFile: "compiler:Languages\Italian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"
Name: "addtopath"; Description: "Add arbitro.exe to PATH (command line)"; Flags: unchecked

[Files]
Source: "dist\arbitro\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Arbitro"; Filename: "{app}\Arbitro.exe"
Name: "{group}\Arbitro (demo hand)"; Filename: "{app}\Arbitro.exe"; Parameters: "--source demo"
Name: "{group}\{cm:UninstallProgram,Arbitro}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Arbitro"; Filename: "{app}\Arbitro.exe"; Tasks: desktopicon

[Registry]
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; \
    ValueData: "{olddata};{app}"; Tasks: addtopath; Check: NeedsAddPath(ExpandConstant('{app}'))

[Run]
Filename: "{app}\Arbitro.exe"; Description: "{cm:LaunchProgram,Arbitro}"; \
    Flags: nowait postinstall skipifsilent

[Code]
function NeedsAddPath(Folder: string): Boolean;
var
  Current: string;
begin
  if not RegQueryStringValue(HKCU, 'Environment', 'Path', Current) then
  begin
    Result := True;
    exit;
  end;
  Result := Pos(';' + Uppercase(Folder) + ';', ';' + Uppercase(Current) + ';') = 0;
end;
