# A fake engine for the match runner's tests: answers the handshake, then never answers
# a `go` (it hangs), so it loses on time.
while read -r line; do
  case "$line" in
    uci) echo "id name Silent"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
