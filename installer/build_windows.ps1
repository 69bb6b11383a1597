# Build the whole Windows package on a Windows x64 machine: dist\kgdesk\ (the one-folder bundle)
# and dist\kgdesk-<version>-setup.exe (the NSIS installer). Step by step in docs/packaging.md.
#
# Needs (on PATH or given by the environment):
#   Python 3.11 (the "py" launcher or python.exe), Maven 3.9+, a JDK 17 with jmods (JAVA_HOME),
#   NSIS 3 (makensis.exe; the default install folder is found by itself). uv is installed into
#   .tools\ like `make setup` does. Internet (PyPI, Maven Central) only for the first build.
#
# Usage (from the repository root, in PowerShell):
#   powershell -ExecutionPolicy Bypass -File installer\build_windows.ps1 [-SkipSelfTest] [-SkipInstaller]
param(
    [switch]$SkipSelfTest,
    [switch]$SkipInstaller
)
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

$root = Split-Path -Parent (Split-Path -Parent $MyInvocation.MyCommand.Path)
Set-Location $root
$uvVersion = "0.13.8"   # keep in step with the Makefile

function Invoke-Step([string]$title, [scriptblock]$block) {
    $t = [System.Diagnostics.Stopwatch]::StartNew()
    Write-Host "== $title"
    & $block
    Write-Host ("   done in {0:N0} s" -f $t.Elapsed.TotalSeconds)
}

function Invoke-Native([string]$exe, [string[]]$arguments) {
    & $exe @arguments
    if ($LASTEXITCODE -ne 0) { throw "$exe $($arguments -join ' ') failed with exit code $LASTEXITCODE" }
}

function Find-Python {
    $py = Get-Command py.exe -ErrorAction SilentlyContinue
    if ($py) {
        $exe = (& py.exe -3.11 -c "import sys; print(sys.executable)" 2>$null)
        if ($LASTEXITCODE -eq 0 -and $exe) { return $exe.Trim() }
    }
    $python = Get-Command python.exe -ErrorAction SilentlyContinue
    if ($python) {
        $v = (& python.exe -c "import sys; print('%d.%d' % sys.version_info[:2])")
        if ($v -eq "3.11") { return $python.Source }
    }
    throw "Python 3.11 not found (install it from python.org, with the py launcher)"
}

function Find-Makensis {
    $cmd = Get-Command makensis.exe -ErrorAction SilentlyContinue
    if ($cmd) { return $cmd.Source }
    foreach ($dir in @(${env:ProgramFiles(x86)}, $env:ProgramFiles)) {
        if ($dir -and (Test-Path "$dir\NSIS\makensis.exe")) { return "$dir\NSIS\makensis.exe" }
    }
    throw "makensis.exe not found (install NSIS 3 from nsis.sourceforge.io)"
}

$version = (Select-String -Path "kgdesk\__init__.py" -Pattern '^__version__ = "(.+)"').Matches[0].Groups[1].Value
Write-Host "kgdesk $version - Windows package"

Invoke-Step "1/7 Python environment (.venv from uv.lock, with the dev group: PyInstaller)" {
    $python = Find-Python
    if (-not (Test-Path ".tools\Scripts\uv.exe")) {
        Invoke-Native $python @("-m", "venv", ".tools")
        Invoke-Native ".tools\Scripts\python.exe" @("-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv==$uvVersion")
    }
    $env:UV_PYTHON = $python
    $env:UV_PROJECT_ENVIRONMENT = ".venv"
    Invoke-Native ".tools\Scripts\uv.exe" @("sync", "--frozen", "--quiet")
}

Invoke-Step "2/7 Local graph server jars (Maven)" {
    Push-Location "installer\neo4j"
    try { Invoke-Native "mvn" @("-q", "-B", "-Dstyle.color=never", "package") } finally { Pop-Location }
}

Invoke-Step "3/7 Trimmed Java runtime (jlink)" {
    & powershell -NoProfile -ExecutionPolicy Bypass -File "installer\jlink.ps1"
    if ($LASTEXITCODE -ne 0) { throw "installer\jlink.ps1 failed" }
}

Invoke-Step "4/7 One-folder bundle (PyInstaller, build.spec)" {
    Invoke-Native ".venv\Scripts\pyinstaller.exe" @("--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", "dist", "--workpath", "build\pyinstaller", "build.spec")
}

Invoke-Step "5/7 Bundle contents (scripts\check_bundle.py)" {
    Invoke-Native ".venv\Scripts\python.exe" @("scripts\check_bundle.py", "dist\kgdesk")
}

if (-not $SkipSelfTest) {
    Invoke-Step "6/7 Frozen self-test (dist\kgdesk\kgdesk-cli.exe --self-test)" {
        Invoke-Native "dist\kgdesk\kgdesk-cli.exe" @("--self-test")
    }
}

if (-not $SkipInstaller) {
    Invoke-Step "7/7 Installer (NSIS)" {
        $makensis = Find-Makensis
        Invoke-Native $makensis @("/V2", "/DVERSION=$version", "/DBUNDLE=$root\dist\kgdesk",
            "/DOUTDIR=$root\dist", "/DICON=$root\installer\build\kgdesk.ico", "installer\kgdesk.nsi")
        Get-Item "dist\kgdesk-$version-setup.exe" | Format-Table Name, Length
    }
}
Write-Host "Windows package built: dist\kgdesk\ and dist\kgdesk-$version-setup.exe"
