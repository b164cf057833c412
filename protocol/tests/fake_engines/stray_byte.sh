# A fake engine for the match runner's tests: Tessera (the program named by the first
# argument) whose output gets an `info string` line with a byte that is not UTF-8 (0xE9,
# Latin-1 'é') before every `bestmove`. A well-behaved engine, only careless in its text.
engine="$1"
"$engine" | while IFS= read -r line; do
  case "$line" in
    bestmove*) printf 'info string caf\351\n' ;;
  esac
  printf '%s\n' "$line"
done
