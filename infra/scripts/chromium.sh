# Sourced by the scripts that drive a browser (e2e.sh, bench-frontend.sh): Debian's chromium and
# a CJK font (legible screenshots), installed on a machine that has neither.
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then
    echo "installing Debian's chromium and a CJK font for the browser"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  fi
}
