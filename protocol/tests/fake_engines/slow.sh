# A fake engine for the match runner's tests: Tessera (the program named by the second
# argument) behind a delay of $1 seconds on every `go`, so its answers come late.
delay="$1"
engine="$2"
while read -r line; do
  case "$line" in
    go*) sleep "$delay" ;;
  esac
  echo "$line"
  [ "$line" = quit ] && break
done | "$engine"
