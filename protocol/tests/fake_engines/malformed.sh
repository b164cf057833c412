# A fake engine for the match runner's tests: answers the handshake, then sends a
# `bestmove` that is not a move in any notation whenever it is asked for one.
while read -r line; do
  case "$line" in
    uci) echo "id name Malformed"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove ~e2-e4!" ;;
    quit) exit 0 ;;
  esac
done
