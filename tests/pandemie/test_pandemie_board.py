"""Province data files: the four shipped provinces, a fifth one made by a group, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.games.pandemie as pan
from engine.core import SeededRng, replay
from engine.games.pandemie import events as E
from engine.games.pandemie.board import ProvinceError, load_province, shipped
from engine.games.pandemie.layout import compile_board
from engine.games.pandemie.rules import NC, OptionError
from tests.pandemie.pandemie_scenarios import act, key, no_pins, pins, set_prov, turn

BRITANNIA = [
    "Londinium",
    "Camulodunum",
    "Verulamium",
    "Eboracum",
    "Deva",
    "Isca Silurum",
    "Aquae Sulis",
    "Glevum",
    "Lindum",
    "Corinium",
    "Durovernum",
    "Dubris",
    "Rutupiae",
    "Noviomagus",
    "Venta Belgarum",
    "Durnovaria",
    "Isca Dumnoniorum",
    "Calleva",
    "Ratae",
    "Viroconium",
    "Mamucium",
    "Luguvalium",
    "Coria",
    "Vindolanda",
    "Segedunum",
    "Cataractonium",
    "Petuaria",
    "Danum",
    "Lactodurum",
    "Durobrivae",
    "Venta Icenorum",
    "Caesaromagus",
    "Sorviodunum",
    "Lindinis",
    "Moridunum",
    "Segontium",
    "Mediolanum",
    "Letocetum",
    "Derventio",
    "Olicana",
    "Bremetennacum",
    "Alauna",
    "Habitancium",
    "Bremenium",
    "Trimontium",
    "Blatobulgium",
    "Magnis",
    "Branodunum",
]
COLOURS = ("blue", "yellow", "red", "green")


def britannia_toml(**change) -> str:
    """A fifth province: a ring of 48 cities with chords, linked (in this file only) to Gallia's
    Gesoriacum."""
    names = list(BRITANNIA)
    n = len(names)
    nbrs = {i: {(i - 1) % n, (i + 1) % n} for i in range(n)}
    for i in range(0, n, 4):
        j = (i + 7) % n
        nbrs[i].add(j)
        nbrs[j].add(i)
    colours = [COLOURS[i // 12] for i in range(n)]
    change.get("edit", lambda names, nbrs, colours: None)(names, nbrs, colours)
    out = [
        'code = "B"',
        'name = "Britannia"',
        f'start = "{change.get("start", "Londinium")}"',
        'roles = ["Consul", "Dictateur", "Tribun", "Sénateur", "Licteur", "Imperator"]',
        "",
    ]
    for i, name in enumerate(names):
        out += [
            "[[cities]]",
            f'name = "{name}"',
            f'colour = "{colours[i]}"',
            "population = 1000",
            "neighbours = [" + ", ".join(f'"{names[j]}"' for j in sorted(nbrs[i])) + "]",
        ]
        if i == 0:
            out.append(change.get("links", 'links = [{ province = "G", city = "Gesoriacum" }]'))
        out.append("")
    return "\n".join(out)


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "britannia.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_les_quatre_provinces_livrees():
    provs = shipped()
    assert [p.code for p in provs] == ["G", "H", "E", "A"]
    assert [p.start for p in provs] == ["Lugdunum", "Palma", "Alexandria", "Athenae"]
    for p in provs:
        assert len(p.cities) == 48
        for col in COLOURS:
            assert sum(c.colour == col for c in p.cities) == 12
    b = compile_board(provs)
    for i, nbrs in enumerate(b.adj):
        for j in nbrs:
            assert i in b.adj[j]
    # every province is linked to two others
    linked = {(a // NC, b_ // NC) for a, b_ in b.links}
    assert linked == {(0, 1), (1, 2), (2, 3), (0, 3)}
    names = {c.name for p in provs for c in p.cities}
    assert len(names) == 4 * 48  # no place name used twice, even across provinces


def test_une_cinquieme_province_se_charge_et_se_joue(tmp_path):
    path = write(tmp_path, britannia_toml())
    data = load_province(path)
    assert data.code == "B" and len(data.cities) == 48
    options = {"provinces": ["G", "B"], "players": [2, 3], "extra_provinces": [pan.to_dict(data)]}
    state, events = pan.setup(options, SeededRng(2))
    assert replay(pan, events) == state
    assert state.static.board.names[state.static.board.start[1]] == "Londinium"
    # the link written only in the fifth file joins both boards: a surge crosses it
    st = no_pins(state)
    st = pins(pins(st, "Londinium", "blue", 3, "B"), "Gesoriacum", "blue", 3, "G")
    st = turn(st, "p3", phase="propagate")
    pi = st.static.board.prov_index["B"]
    prop = st.provs[pi].prop
    st = set_prov(st, "B", prop=type(prop)(prop.name, ("PI:" + key(st, "Londinium", "B"),) + prop.cards, ()))
    st, ev = act(st, E.Propagate(seat="p3"))
    assert [e.city for e in ev if isinstance(e, E.Surged)] == [
        key(st, "Londinium", "B"),
        key(st, "Gesoriacum", "G"),
    ]


@pytest.mark.parametrize(
    "change,problem",
    [
        ({"edit": lambda n, nb, c: nb[3].add(47) or None}, "asymmetric adjacency"),
        (
            {"edit": lambda n, nb, c: c.__setitem__(0, "yellow")},
            "11 blue cities, a province needs exactly 12 per colour",
        ),
        ({"edit": lambda n, nb, c: c.__setitem__(0, "purple")}, "unknown colour 'purple'"),
        ({"edit": lambda n, nb, c: n.__setitem__(1, "Londinium")}, "duplicate city name 'Londinium'"),
        ({"links": 'links = [{ province = "Z", city = "Roma" }]'}, "link to unknown province 'Z'"),
        (
            {"links": 'links = [{ province = "G", city = "Roma" }]'},
            "link to unknown city 'Roma' of province 'G'",
        ),
        ({"links": 'links = [{ province = "G", town = "Roma" }]'}, "invalid province data"),
        ({"start": "Roma"}, "start city 'Roma'"),
    ],
)
def test_erreurs_de_validation_nomment_le_fichier_et_le_probleme(tmp_path, change, problem):
    path = write(tmp_path, britannia_toml(**change))
    with pytest.raises(ProvinceError) as exc:
        load_province(path)
    assert str(path) in str(exc.value) and problem in str(exc.value), exc.value


def test_voisin_inconnu(tmp_path):
    text = britannia_toml().replace('neighbours = ["Camulodunum"', 'neighbours = ["Atlantis"', 1)
    with pytest.raises(ProvinceError, match="unknown neighbour 'Atlantis'"):
        load_province(write(tmp_path, text))


def test_nombre_de_villes(tmp_path):
    text = britannia_toml()
    cut = text.rindex("[[cities]]")
    with pytest.raises(ProvinceError, match="47 cities, a province needs exactly 48"):
        load_province(write(tmp_path, text[:cut]))


def test_fichier_illisible_ou_pas_du_toml(tmp_path):
    with pytest.raises(ProvinceError, match="cannot read"):
        load_province(tmp_path / "absent.toml")
    with pytest.raises(ProvinceError, match="not valid TOML"):
        load_province(write(tmp_path, "code = \n"))


def test_options_invalides_nomment_l_option():
    for options, problem in [
        ({"provinces": 5}, "option provinces"),
        ({"provinces": ["G", "X"]}, "unknown province 'X'"),
        ({"players": 7}, "option players"),
        ({"difficulty": "heroic"}, "option difficulty"),
        ({"speed_track": [2, 2]}, "option speed_track"),
        ({"colour": "blue"}, "unknown option 'colour'"),
        ({"extra_provinces": [{"code": "B"}]}, "option extra_provinces[0]"),
    ]:
        with pytest.raises(OptionError, match=problem.replace("[", r"\[").replace("]", r"\]")):
            pan.setup(options, SeededRng(0))
