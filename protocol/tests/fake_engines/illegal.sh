# A fake engine for the match runner's tests: answers the handshake, then plays an
# impossible move whenever it is asked for one.
while read -r line; do
  case "$line" in
    uci) echo "id name Illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 score cp 0"; echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
