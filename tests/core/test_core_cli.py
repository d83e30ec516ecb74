from companion.cli import COMMANDS, main


def test_help_lists_every_command(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in COMMANDS)


def test_unknown_command_is_refused(capsys):
    assert main(["dance"]) == 2
    assert "unknown command 'dance'" in capsys.readouterr().err


def test_profile_routes_to_the_game_asked(tmp_path, capsys):
    path = tmp_path / "pp.toml"
    values = ",".join(str(v) for v in range(2, 13))
    assert (
        main(["profile", "--game", "plague", "new", str(path), "--prosperity", values, "--plague", values])
        == 0
    )
    assert main(["profile", "--game=plague", "check", str(path)]) == 0
    assert "OK" in capsys.readouterr().out
    assert main(["profile", "--game", "chess", "check", str(path)]) == 2
    assert "no box profile for game 'chess'" in capsys.readouterr().err
    # without --game: Rattus, which finds this file is no Rattus profile
    assert main(["profile", "check", str(path)]) != 0


def test_every_game_names_its_seats():
    from engine.core import SeededRng, get_game

    for name in ("pandemie", "rattus", "cartus", "plague"):
        game = get_game(name)
        assert callable(game.seats), name
    pan = get_game("pandemie")
    state, _ = pan.setup({"provinces": 2, "players": [2, 3]}, SeededRng(1))
    assert pan.seats(state) == ["p1", "p2", "p3", "p4", "p5"]
    rat = get_game("rattus")
    state, _ = rat.setup({"players": 3, "mode": "physical"}, SeededRng(1))
    assert rat.seats(state) == ["p1", "p2", "p3"]
