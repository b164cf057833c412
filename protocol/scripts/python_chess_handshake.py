#!/usr/bin/env python3
"""Optional manual check: python-chess attaches to `tessera` as a UCI engine.

    pip install chess
    cargo build --release
    python3 protocol/scripts/python_chess_handshake.py [path/to/tessera]

python-chess cannot play Hexmate (it knows chess positions only), so this checks what a
client library needs from the handshake: the id, every option parsed with its type,
default and limits, `isready`, setting options (python-chess refuses to set the options
it manages itself, such as UCI_Variant and MultiPV), and `quit`.
"""

import sys

import chess.engine

EXPECTED = {
    "UCI_Variant": ("combo", "hexmate", None, None,
                    ["hexmate", "hexchoice", "panoply", "hepta", "sevenkingdoms", "hexian"]),
    "Hash": ("spin", 16, 1, 65536, []),
    "Threads": ("spin", 1, 1, 1024, []),
    "MultiPV": ("spin", 1, 1, 256, []),
    "Ponder": ("check", False, None, None, []),
    "Move Overhead": ("spin", 10, 0, 5000, []),
    "Clear Hash": ("button", None, None, None, []),
    # UCI writes an empty default as `<empty>`; python-chess keeps the word as it is.
    "Players": ("string", "<empty>", None, None, []),
    "Multiplayer Search": ("combo", "brs", None, None, ["brs", "paranoid", "maxn"]),
    "Patron": ("spin", 1, 1, 6, []),
}


def main() -> None:
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/tessera"
    engine = chess.engine.SimpleEngine.popen_uci(binary)
    try:
        assert engine.id["name"].startswith("Tessera "), engine.id
        assert set(engine.options) == set(EXPECTED), sorted(engine.options)
        for name, (kind, default, low, high, var) in EXPECTED.items():
            option = engine.options[name]
            got = (option.type, option.default, option.min, option.max, list(option.var))
            assert got == (kind, default, low, high, var), (name, got)
        engine.configure({"Hash": 32, "Threads": 2, "Move Overhead": 20,
                          "Players": "wrob/gpd", "Multiplayer Search": "maxn", "Patron": 3})
        engine.configure({"Clear Hash": None})
        engine.configure({"Players": ""})
        engine.ping()
    finally:
        engine.quit()
    print("python-chess handshake: ok")


if __name__ == "__main__":
    main()
