"""Every write of a score sheet (3.9, Appendix 5), one module per action:

- `recording`: a hand recorded at the table, the last hand taken back (the hand path);
- `correcting`: an objection made at the table, a hand corrected (on a basis once signed);
- `signing`: closing, remarks, the players' confirmations, the referee's signature;
- `referees`: who referees a table;
- `versions`: the sheet's version, moved on by every change.

What a hand entry scores is read by the bridge to the engine, `tournaments.sheets.hand_scoring` (no writes).
"""

from tournaments.sheets.services.correcting import (  # noqa: F401
    hand_correct,
    objection_record,
    sheet_hands_resettle,
)
from tournaments.sheets.services.recording import hand_delete_last, hand_record  # noqa: F401
from tournaments.sheets.services.referees import session_referees_assign, sheet_assign_referee  # noqa: F401
from tournaments.sheets.services.signing import (  # noqa: F401
    sheet_close,
    sheet_confirm,
    sheet_remarks_set,
    sheet_sign,
)
from tournaments.sheets.services.versions import sheet_results_changed, sheet_save_new_version  # noqa: F401
