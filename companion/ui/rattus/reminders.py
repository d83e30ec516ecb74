"""Rattus and Pied Piper: each character's rule in a few words, French and English (summarised from the rules,
``shared/rules/rattus-*.txt``). Keys: the character keys of :mod:`engine.games.rattus.characters`."""

from __future__ import annotations

REMINDERS: dict[str, tuple[str, str]] = {
    "paysan": (
        "En plaçant des cubes (action 2), ajoutez-en un de plus — même dans une région sans rat.",
        "When placing cubes (action 2), add one more — even in a region with no rat.",
    ),
    "marchand": (
        "À votre tour, déplacez jusqu'à 3 de vos cubes d'une région vers une voisine.",
        "On your turn, move up to 3 of your cubes from one region to a neighbouring one.",
    ),
    "moine": (
        "À votre tour, déplacez un rat d'une région vers une voisine (jamais plus de 3 rats par région).",
        "On your turn, move one rat from a region to a neighbouring one "
        "(never more than 3 rats in a region).",
    ),
    "chevalier": (
        "Déplacez la Peste de 2 régions ; elle peut compter pour 2 cubes neutres de plus là où elle frappe.",
        "Move the plague 2 regions; it may count as 2 more neutral cubes where it strikes.",
    ),
    "sorciere": (
        "Regardez en secret un rat, puis un second ; vous pouvez ensuite les intervertir.",
        "Secretly look at one rat, then a second; you may then swap them.",
    ),
    "roi": (
        "À tout moment de votre tour, mettez un de vos cubes au Château, depuis une région sans rat : "
        "il y est à l'abri jusqu'à la fin.",
        "Any time on your turn, move one of your cubes to the castle from a region "
        "with no rat: it is safe there until the end.",
    ),
    "serf": (
        "Quand la Peste frappe à votre tour, posez un cube dans la région pour chaque rat qui a retiré "
        "un cube d'un autre joueur.",
        "When the plague strikes on your turn, add a cube to the region for each rat "
        "that removed another player's cube.",
    ),
    "boulanger": (
        "À chacun de vos tours, posez un cube de votre réserve sur la carte ; qui la prend pose tous ces "
        "cubes dans une région de son choix.",
        "Each turn, put a cube from your reserve on the card; "
        "whoever takes it places all those cubes in one region of their choice.",
    ),
    "messager": (
        "À votre tour, échangez les places de 2 cubes de deux joueurs différents (les remparts "
        "n'arrêtent pas l'échange).",
        "On your turn, swap the places of 2 cubes of two different players (ramparts do not stop it).",
    ),
    "bourgmestre": (
        "Au lieu de placer des cubes comme d'habitude, posez-en un dans chaque région où vous êtes "
        "majoritaire.",
        "Instead of placing cubes as usual, add one in each region where you have "
        "more cubes than anyone else.",
    ),
    "nonne": (
        "Placez ou déplacez les 3 nonnes : chacune compte pour un habitant de moins face aux rats.",
        "Place or move the 3 nuns: each counts as one inhabitant less against the rats.",
    ),
    "eveque": (
        "Placez ou déplacez un des 2 évêques : aucun rat ne peut entrer ni être ajouté dans sa région.",
        "Place or move one of the 2 bishops: no rat may enter or be added to its region.",
    ),
    "croise": (
        "Déplacez la Peste de 2 régions et révélez d'un coup tous ses rats, dans l'ordre de votre choix.",
        "Move the plague 2 regions and turn over all its rats at once, in the order you choose.",
    ),
    "soldat": (
        "Déplacez la Peste de 2 régions ; en propageant, ajoutez un rat de plus.",
        "Move the plague 2 regions; when it spreads, add one more rat.",
    ),
    "piedpiper": (
        "Déplacez un de vos cubes vers une région voisine : autant de rats que possible le suivent.",
        "Move one of your cubes to a neighbouring region: as many rats as possible follow it.",
    ),
    "magicien": (
        "Posez une potion près d'un de vos cubes (une par tour) : elle peut être perdue à sa place.",
        "Put a potion beside one of your cubes (one per turn): it may be lost instead of the cube.",
    ),
    "empereur": (
        "Placez ou déplacez les 3 remparts entre régions voisines : rien ne les franchit.",
        "Place or move the 3 ramparts between neighbouring regions: nothing crosses them.",
    ),
    "reine": (
        "Si vos cubes relient plus de régions que ceux de chaque autre joueur, ajoutez 2 cubes en plaçant.",
        "If your cubes connect more regions than anyone else's, add 2 cubes when placing.",
    ),
    "place": (
        "Action 2 : placez autant de cubes que de rats dans la région choisie (au moins un rat).",
        "Action 2: place as many cubes as there are rats in the chosen region (it needs a rat).",
    ),
}


def reminder(key: str, lang: str) -> str | None:
    pair = REMINDERS.get(key)
    return None if pair is None else pair[0 if lang == "fr" else 1]
