"""The executor of the duties' fast steps over their codes: the reference of the
native core's (cardrules/_native.c), which the tests hold to it.

Written by ``python -m cardrules.rules.executor`` from the step table
(``STEP_GUARD_TERMS`` and ``STEP_KEEP_TERMS`` in ``cardrules.rules.duties``);
do not edit: change the table and write it again.
"""


def run_steps(
    codes: tuple[int, ...], hand: int, lm: int, tm: int, beats: int, first: bool, played: int = 0
) -> int:
    """The cards allowed after the steps given as (guard, keep, guard_cards,
    keep_cards) codes."""
    legal = hand
    for i in range(0, len(codes), 4):
        guard = codes[i]
        gc = codes[i + 2]
        if guard == 1 and not (first and tm):  # first_trick_with_trumps
            continue
        if guard == 2 and not (hand & lm):  # holds_led_suit
            continue
        if guard == 3 and hand & lm:  # void_in_led_suit
            continue
        if guard == 4 and played & tm:  # trumps_unbroken
            continue
        if guard == 5 and not (first):  # first_trick
            continue
        if guard == 6 and not (first and not hand & lm):  # void_on_first_trick
            continue
        if guard == 7 and played & gc:  # none_played
            continue
        keep = codes[i + 1]
        kc = codes[i + 3]
        if keep == 0:  # non_trumps
            x = legal & ~tm
        elif keep == 1:  # led_suit
            x = legal & lm
        elif keep == 2:  # beaters
            x = legal & beats
        elif keep == 3:  # trumps
            x = legal & tm
        elif keep == 4:  # cards
            x = legal & kc
        else:  # other_cards
            x = legal & ~kc
        if x:
            legal = x
    return legal
