"""The executor of the duties' fast steps over their codes: the reference of the
native core's (cardrules/_native.c), which the tests hold to it.

Written by ``python -m cardrules.rules.executor`` from the step table
(``STEP_GUARD_TERMS`` and ``STEP_KEEP_TERMS`` in ``cardrules.rules.duties``);
do not edit: change the table and write it again.
"""


def run_steps(
    codes: tuple[int, ...], hand: int, lm: int, tm: int, beats: int, first: bool, played: int = 0
) -> int:
    """The cards allowed after the steps given as (guard, keep) code pairs."""
    legal = hand
    for i in range(0, len(codes), 2):
        guard = codes[i]
        if guard == 1 and not (first and tm):  # first_trick_with_trumps
            continue
        if guard == 2 and not (hand & lm):  # holds_led_suit
            continue
        if guard == 3 and hand & lm:  # void_in_led_suit
            continue
        if guard == 4 and played & tm:  # trumps_unbroken
            continue
        keep = codes[i + 1]
        if keep == 0:  # non_trumps
            x = legal & ~tm
        elif keep == 1:  # led_suit
            x = legal & lm
        elif keep == 2:  # beaters
            x = legal & beats
        else:  # trumps
            x = legal & tm
        if x:
            legal = x
    return legal
