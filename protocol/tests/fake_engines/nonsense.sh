# A fake engine for the GUI's analysis tests: answers the handshake; asked to search, it
# sends a principal variation whose second move is no move and a line that is not of the
# protocol, and answers `stop` with a legal move.
while read -r line; do
  case "$line" in
    uci) echo "id name Nonsense"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      echo "info depth 1 seldepth 1 multipv 1 score cp 12 nodes 10 nps 1000 pv c5c6 zz99"
      echo "hello from the engine" ;;
    stop) echo "bestmove c5c6" ;;
    quit) exit 0 ;;
  esac
done
