# A fake engine for the match runner's tests: notes every start in the file named by its
# first argument, answers the handshake, and exits as soon as it is asked for a move.
echo "started" >> "$1"
while read -r line; do
  case "$line" in
    uci) echo "id name Crash"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
