# Build the trimmed Java runtime the Windows bundle ships: installer\build\runtime
# (bin\java.exe + the modules of installer\jlink-modules.txt). The Windows twin of installer/jlink.sh.
#
# Needs a JDK 17 for Windows x64 with its jmods folder (e.g. Eclipse Temurin 17 JDK; set JAVA_HOME).
# Usage: powershell -ExecutionPolicy Bypass -File installer\jlink.ps1 [-Force]
param([switch]$Force)
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

$here = Split-Path -Parent $MyInvocation.MyCommand.Path
$out = Join-Path $here "build\runtime"

if (-not $env:JAVA_HOME -or -not (Test-Path (Join-Path $env:JAVA_HOME "bin\jlink.exe"))) {
    $jlinkCmd = Get-Command jlink.exe -ErrorAction SilentlyContinue
    if (-not $jlinkCmd) { throw "jlink.ps1: no JDK found; install a JDK 17 and set JAVA_HOME" }
    $env:JAVA_HOME = Split-Path -Parent (Split-Path -Parent $jlinkCmd.Source)
}
$jdk = $env:JAVA_HOME
$versionLine = (& cmd /c "`"$jdk\bin\java.exe`" -version 2>&1" | Select-Object -First 1)
if ($versionLine -notmatch 'version "17[".]') {
    throw "jlink.ps1: $jdk is not a JDK 17 ($versionLine); the bundled runtime is built from a JDK 17"
}
if (-not (Test-Path (Join-Path $jdk "jmods\java.base.jmod"))) {
    throw "jlink.ps1: $jdk has no jmods folder (use a full JDK, not a JRE)"
}

$modules = Get-Content (Join-Path $here "jlink-modules.txt") |
    ForEach-Object { ($_ -replace '#.*', '').Trim() } | Where-Object { $_ }
$stamp = Join-Path $out ".kgdesk-modules"
$want = "$versionLine $($modules -join ' ')"
if (-not $Force -and (Test-Path (Join-Path $out "bin\java.exe")) -and (Test-Path $stamp) -and
    ((Get-Content $stamp -Raw).Trim() -eq $want)) {
    Write-Host "jlink.ps1: $out is up to date"
} else {
    if (Test-Path $out) { Remove-Item -Recurse -Force $out }
    New-Item -ItemType Directory -Force (Split-Path -Parent $out) | Out-Null
    & "$jdk\bin\jlink.exe" --module-path "$jdk\jmods" --add-modules ($modules -join ",") `
        --strip-debug --no-man-pages --no-header-files --compress=2 --generate-cds-archive `
        --output $out
    if ($LASTEXITCODE -ne 0) { throw "jlink.ps1: jlink failed ($LASTEXITCODE)" }
    # The CDS archive for heaps of 32 GB and more is never read (the server runs with -Xmx1g).
    Remove-Item -Force -ErrorAction SilentlyContinue (Join-Path $out "bin\server\classes_nocoops.jsa")
    Set-Content -Path $stamp -Value $want -Encoding ASCII
    Write-Host "jlink.ps1: built $out"
}
& "$out\bin\java.exe" -version
if ($LASTEXITCODE -ne 0) { throw "jlink.ps1: the new runtime does not start" }
