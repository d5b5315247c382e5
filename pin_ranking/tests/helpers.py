"""What the Pin application tests share besides fixtures: a filled-in form (Appendix 10) and filing it."""

from pin_ranking.applications.services import application_file

TP = 12  # one table point in twelfths
FORM = {"sex": "F", "age": 34, "id_number": "110101199001011234", "contact": "wang@example.org",
        "pledge_accepted": True}


def file(actor, player, **changes):
    return application_file(actor=actor, player=player, **{"track": "pin", "pin": 7, **FORM, **changes})
