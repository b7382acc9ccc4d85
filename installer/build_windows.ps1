# Build Arbitro for Windows: a PyInstaller folder, then an installer with Inno Setup.
# NOT TRIED: written on Linux, never run on Windows. See installer/README.md.
#
#   powershell -ExecutionPolicy Bypass -File installer\build_windows.ps1
#
# Needs: Python 3.11 (python.org, "py" launcher), Inno Setup 6 (iscc.exe on PATH or in
# its default folder). Produces installer\dist\arbitro\ and
# installer\dist\Arbitro-Setup-<version>.exe.
$ErrorActionPreference = "Stop"
$Root = Resolve-Path "$PSScriptRoot\.."
$Build = "$Root\installer\build"
$Venv = "$Build\venv"
$Started = Get-Date
if (-not $env:ARBITRO_WITH_OPENVINO) { $env:ARBITRO_WITH_OPENVINO = "1" }

if (-not (Test-Path "$Root\models\reader.json")) {
    Write-Warning "no models\reader.json: the app will run but say 'card model missing'"
}
New-Item -ItemType Directory -Force $Build | Out-Null
if (-not (Test-Path "$Venv\Scripts\python.exe")) { py -3.11 -m venv $Venv }
$Py = "$Venv\Scripts\python.exe"
$Packages = @("numpy", "opencv-python-headless", "onnxruntime", "pillow", "sqlite-utils",
              "PySide6-Essentials", "pyinstaller>=6.6")
if ($env:ARBITRO_WITH_OPENVINO -eq "1") { $Packages += "openvino" }
& $Py -m pip install --quiet @Packages
if ($LASTEXITCODE) { throw "pip install failed" }
& $Py -m pip install --quiet --no-deps "$Root"
if ($LASTEXITCODE) { throw "pip install of the app failed" }

$I18n = "$Root\desktop\ui\i18n"
$PySide = & $Py -c "import PySide6, os; print(os.path.dirname(PySide6.__file__))"
if (Test-Path "$PySide\lrelease.exe") {
    & "$PySide\lrelease.exe" -silent "$I18n\arbitro_it.ts" -qm "$I18n\arbitro_it.qm"
}

Push-Location $Root
& "$Venv\Scripts\pyinstaller.exe" --noconfirm --clean --log-level WARN `
    --distpath "$Root\installer\dist" --workpath "$Build\pyinstaller" installer\arbitro.spec
if ($LASTEXITCODE) { Pop-Location; throw "PyInstaller failed" }
Pop-Location

# The smoke test on the built folder before packing it.
$Db = Join-Path $env:TEMP "arbitro-smoke.sqlite"
Remove-Item -ErrorAction SilentlyContinue $Db
$env:QT_QPA_PLATFORM = "offscreen"
& "$Root\installer\dist\arbitro\arbitro.exe" --source demo --db $Db --quit-after-hand
if ($LASTEXITCODE) { throw "the smoke test of the built app failed ($LASTEXITCODE)" }
Remove-Item Env:\QT_QPA_PLATFORM

$Iscc = (Get-Command iscc.exe -ErrorAction SilentlyContinue).Source
if (-not $Iscc) { $Iscc = "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" }
$Version = & $Py -c "from importlib.metadata import version; print(version('arbitro'))"
& $Iscc "/DAppVersion=$Version" "$Root\installer\arbitro.iss"
if ($LASTEXITCODE) { throw "Inno Setup failed" }
"built in {0:N0} s" -f ((Get-Date) - $Started).TotalSeconds
