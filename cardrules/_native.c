/* The native core of the game engine (cardrules._native).
 *
 * Built against Python's stable ABI (3.11 and later: one build serves every such
 * Python) by hatch_build.py when a C compiler is there; without it the pure-Python
 * engine runs, the same rules in the same modules.  It holds no rule of its own:
 *
 * - Core, the base of cardrules.engine.game.Game: the state a card played changes
 *   (the hands, the trick, the tricks, the record...) as members that the Python code
 *   reads and writes as it did its slots, and legal_actions() and apply() for a card,
 *   which run here when the duties are fast steps (the profile's FastStep codes, the
 *   order's tables) and the masks fit 64 bits.  Anything else (an auction's call, a
 *   card refused, a claim, a trick its cards decide together, a deck of more than 64
 *   cards, the end of a deal and its score) goes to the Python methods registered by
 *   setup(), which are the reference: the same game either way.
 * - deck_indices(), the seeded shuffle and cut of cardrules.engine.dealing, bit-exact:
 *   MT19937 seeded as random.Random seeds from a string (the key given), draws as
 *   Random.getrandbits and _randbelow make them.
 * - run_steps(), the step executor of cardrules.engine.steps, for the tests to check
 *   the two agree code by code.
 */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

/* -- registered by setup(): the Python side's types and reference methods ---------- */

static PyObject *PlayType = NULL;      /* cardrules.rules.actions.Play */
static PyObject *TrickType = NULL;     /* cardrules.engine.tricks.Trick */
static PyObject *py_legal_actions = NULL;
static PyObject *py_apply = NULL;
static PyObject *str_play = NULL;      /* "play" */
static PyObject *str_auction = NULL;   /* "auction" */
static PyObject *str_card = NULL, *str_index = NULL, *str_combos = NULL;
static PyObject *str_decides_early = NULL, *str_legal_mask = NULL;
static PyObject *str_trick_complete = NULL, *str_end_deal = NULL;
static newfunc tuple_new = NULL;

/* -- the step executor: the codes of cardrules.rules.duties' step tables ------------ */

#define STEP_WIDTH 4 /* guard, keep, guard_cards, keep_cards (duties.STEP_WIDTH) */
#define GUARDS 8     /* always .. none_played */
#define KEEPS 6      /* non_trumps .. other_cards */
#define MAX_STEPS 16

typedef struct {
    long guard, keep;
    uint64_t gc, kc;
} Step;

typedef struct {
    Py_ssize_t count;
    int reads_played;
    Step step[MAX_STEPS];
} Program;

static int as_u64(PyObject *o, uint64_t *out);

/* The steps of a codes tuple: 1 read, 0 not for the core (an unknown code, a card set
 * wider than 64 bits, too many steps: the Python executor runs them), -1 error. */
static int read_program(PyObject *codes, Program *out) {
    Py_ssize_t n = PyTuple_Size(codes);
    if (n < 0) return -1;
    if (n % STEP_WIDTH || n / STEP_WIDTH > MAX_STEPS) return 0;
    out->count = n / STEP_WIDTH;
    out->reads_played = 0;
    for (Py_ssize_t k = 0; k < out->count; k++) {
        Step *st = &out->step[k];
        st->guard = PyLong_AsLong(PyTuple_GetItem(codes, k * STEP_WIDTH));
        if (st->guard == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        st->keep = PyLong_AsLong(PyTuple_GetItem(codes, k * STEP_WIDTH + 1));
        if (st->keep == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
        if (st->guard < 0 || st->guard >= GUARDS || st->keep < 0 || st->keep >= KEEPS) return 0;
        int r = as_u64(PyTuple_GetItem(codes, k * STEP_WIDTH + 2), &st->gc);
        if (r <= 0) return r;
        r = as_u64(PyTuple_GetItem(codes, k * STEP_WIDTH + 3), &st->kc);
        if (r <= 0) return r;
        if (st->guard == 4 || st->guard == 7) out->reads_played = 1;
    }
    return 1;
}

/* The programs read so far, by the codes tuple they were read from (held, so that its
 * address names it): a ruleset's codes are made once and kept. */
#define PROGRAMS 32
static PyObject *program_keys[PROGRAMS];
static Program programs[PROGRAMS];
static int program_next = 0;

static int program_of(PyObject *codes, const Program **out) {
    for (int i = 0; i < PROGRAMS; i++) {
        if (program_keys[i] == codes) { *out = &programs[i]; return 1; }
    }
    Program read;
    int r = read_program(codes, &read);
    if (r <= 0) return r;
    int slot = program_next;
    program_next = (program_next + 1) % PROGRAMS;
    Py_INCREF(codes);
    Py_XDECREF(program_keys[slot]);
    program_keys[slot] = codes;
    programs[slot] = read;
    *out = &programs[slot];
    return 1;
}

static uint64_t steps(const Program *p, uint64_t hand, uint64_t lm, uint64_t tm,
                      uint64_t beats, int first, uint64_t played) {
    uint64_t legal = hand, x;
    for (Py_ssize_t i = 0; i < p->count; i++) {
        const Step *st = &p->step[i];
        switch (st->guard) {
        case 1: if (!(first && tm)) continue; break;
        case 2: if (!(hand & lm)) continue; break;
        case 3: if (hand & lm) continue; break;
        case 4: if (played & tm) continue; break;
        case 5: if (!first) continue; break;
        case 6: if (!(first && !(hand & lm))) continue; break;
        case 7: if (played & st->gc) continue; break;
        default: break;
        }
        switch (st->keep) {
        case 0: x = legal & ~tm; break;
        case 1: x = legal & lm; break;
        case 2: x = legal & beats; break;
        case 3: x = legal & tm; break;
        case 4: x = legal & st->kc; break;
        default: x = legal & ~st->kc; break;
        }
        if (x) legal = x;
    }
    return legal;
}

/* A Python int as 64 bits: 1, or 0 when it is negative or wider (no error left set),
 * or -1 on another error. */
static int as_u64(PyObject *o, uint64_t *out) {
    if (o == NULL) return -1;
    if (!PyLong_Check(o)) return 0;
    /* Below 2**63, the common case: CPython reads it digit by digit (its
     * PyLong_AsUnsignedLongLong goes through a byte array, several times slower). */
    int overflow;
    long long small = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (small == -1 && overflow == 0 && PyErr_Occurred()) return -1;
    if (overflow == 0 && small >= 0) {
        *out = (uint64_t)small;
        return 1;
    }
    if (overflow < 0 || (overflow == 0 && small < 0)) return 0; /* negative: not a mask */
    uint64_t v = PyLong_AsUnsignedLongLong(o);
    if (v == (uint64_t)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

static int item_u64(PyObject *seq, Py_ssize_t i, uint64_t *out) {
    PyObject *o = PyTuple_Check(seq) ? PyTuple_GetItem(seq, i) : PyList_GetItem(seq, i);
    if (o == NULL) { PyErr_Clear(); return 0; }
    return as_u64(o, out);
}

/* -- Core ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *hands, *trick_cards, *trick, *tricks, *tricks_won, *actions;
    PyObject *leader, *winning_seat, *to_act, *legal, *win;
    PyObject *beats, *follow, *trump_mask, *texts, *played_cards, *plays, *next, *active;
    PyObject *phase, *plain, *codes, *dealt, *order, *contract;
    PyObject *calls, *unsent, *free;
} Core;

#define MEMBER(name, field) {name, T_OBJECT_EX, offsetof(Core, field), 0, NULL}
static PyMemberDef core_members[] = {
    MEMBER("hands", hands),
    MEMBER("_trick_cards", trick_cards),
    MEMBER("trick", trick),
    MEMBER("tricks", tricks),
    MEMBER("tricks_won", tricks_won),
    MEMBER("actions", actions),
    MEMBER("leader", leader),
    MEMBER("winning_seat", winning_seat),
    MEMBER("_to_act", to_act),
    MEMBER("_legal", legal),
    MEMBER("_win", win),
    MEMBER("_beats", beats),
    MEMBER("_follow", follow),
    MEMBER("trump_mask", trump_mask),
    MEMBER("_texts", texts),
    MEMBER("_played_cards", played_cards),
    MEMBER("_plays", plays),
    MEMBER("_next", next),
    MEMBER("_active", active),
    MEMBER("phase", phase),
    MEMBER("_plain", plain),
    MEMBER("_codes", codes),
    MEMBER("_dealt", dealt),
    MEMBER("order", order),
    MEMBER("contract", contract),
    MEMBER("_calls", calls),
    MEMBER("_unsent", unsent),
    MEMBER("_free", free),
    {NULL, 0, 0, 0, NULL},
};
#define NMEMBERS 28

static PyObject **fields(Core *self) { return &self->hands; }

static int core_traverse(Core *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE((PyObject *)self));
    PyObject **f = fields(self);
    for (int i = 0; i < NMEMBERS; i++) Py_VISIT(f[i]);
    return 0;
}

static int core_clear(Core *self) {
    PyObject **f = fields(self);
    for (int i = 0; i < NMEMBERS; i++) Py_CLEAR(f[i]);
    return 0;
}

static void core_dealloc(Core *self) {
    PyTypeObject *tp = Py_TYPE((PyObject *)self);
    PyObject_GC_UnTrack((PyObject *)self);
    core_clear(self);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(self);
    Py_DECREF(tp);
}

/* Whether the members a card played reads hold what the Python engine keeps there
 * (else the Python methods run, and say what is wrong): exact types, checked in turn. */
#define IS(o, type) ((o) != NULL && Py_TYPE(o) == &type)
static int fields_ready(Core *self) {
    return IS(self->hands, PyList_Type) && IS(self->trick_cards, PyList_Type) &&
           IS(self->trick, PyList_Type) && IS(self->tricks, PyList_Type) &&
           IS(self->tricks_won, PyList_Type) && IS(self->actions, PyList_Type) &&
           IS(self->beats, PyTuple_Type) && IS(self->follow, PyTuple_Type) &&
           IS(self->texts, PyTuple_Type) && IS(self->played_cards, PyTuple_Type) &&
           IS(self->plays, PyTuple_Type) && IS(self->next, PyTuple_Type) &&
           IS(self->leader, PyLong_Type) && IS(self->winning_seat, PyLong_Type) &&
           IS(self->to_act, PyLong_Type) && IS(self->win, PyLong_Type) &&
           IS(self->active, PyLong_Type) && IS(self->trump_mask, PyLong_Type) &&
           self->order != NULL && self->contract != NULL && self->dealt != NULL;
}

static int is_play_phase(Core *self) {
    return self->phase != NULL &&
           (self->phase == str_play ||
            (PyUnicode_Check(self->phase) &&
             PyUnicode_Compare(self->phase, str_play) == 0)) &&
           fields_ready(self);
}

static void set_field(PyObject **field, PyObject *value) { /* steals value */
    PyObject *old = *field;
    *field = value;
    Py_XDECREF(old);
}

/* The cards of the deal's completed tricks: dealt, in no hand, not on the table. */
static int played_mask(Core *self, uint64_t *out) {
    uint64_t dealt, held = 0, h;
    int r = as_u64(self->dealt, &dealt);
    if (r <= 0) return r;
    Py_ssize_t n = PyList_Size(self->hands);
    if (n < 0) { PyErr_Clear(); return 0; }
    for (Py_ssize_t i = 0; i < n; i++) {
        r = item_u64(self->hands, i, &h);
        if (r <= 0) return r;
        held |= h;
    }
    n = PyList_Size(self->trick_cards);
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PyList_GetItem(self->trick_cards, i));
        if (c < 0 || c >= 64) { PyErr_Clear(); return 0; }
        held |= (uint64_t)1 << c;
    }
    *out = dealt & ~held;
    return 1;
}

/* The legal mask of the seat to act by the step codes: 1 done, 0 not this way (the
 * Python engine's legal_mask() then), -1 error. */
static int native_legal(Core *self, uint64_t *out) {
    if (self->codes == NULL || !PyTuple_Check(self->codes) || PyTuple_Size(self->codes) != 2)
        return 0;
    if (self->to_act == NULL || !PyLong_Check(self->to_act)) return 0;
    if (self->trick_cards == NULL || !PyList_Check(self->trick_cards)) return 0;
    if (self->hands == NULL || !PyList_Check(self->hands)) return 0;
    if (self->tricks == NULL || !PyList_Check(self->tricks)) return 0;
    long seat = PyLong_AsLong(self->to_act);
    if (seat < 0) { PyErr_Clear(); return 0; }
    uint64_t hand, tm, lm = 0, beats = 0, played = 0;
    int r = item_u64(self->hands, seat, &hand);
    if (r <= 0) return r;
    r = as_u64(self->trump_mask, &tm);
    if (r <= 0) return r;
    Py_ssize_t on_table = PyList_Size(self->trick_cards);
    PyObject *codes = PyTuple_GetItem(self->codes, on_table ? 1 : 0);
    if (codes == NULL || !PyTuple_Check(codes)) { PyErr_Clear(); return 0; }
    const Program *program;
    r = program_of(codes, &program);
    if (r <= 0) return r;
    if (on_table) {
        long lead = PyLong_AsLong(PyList_GetItem(self->trick_cards, 0));
        long win = self->win ? PyLong_AsLong(self->win) : -1;
        if (lead < 0 || win < 0) { PyErr_Clear(); return 0; }
        r = item_u64(self->follow, lead, &lm);
        if (r <= 0) return r;
        if (!lm) return 0; /* led with a card that sets no suit: the Python engine's */
        r = item_u64(self->beats, win, &beats);
        if (r <= 0) return r;
    }
    if (program->reads_played) {
        r = played_mask(self, &played);
        if (r <= 0) return r;
    }
    int first = PyList_Size(self->tricks) == 0;
    *out = steps(program, hand, lm, tm, beats, first, played);
    return 1;
}

/* The legal mask of the seat to act, kept in _legal: by the codes or by legal_mask(). */
static int legal_now(Core *self, uint64_t *out) {
    if (self->legal == NULL) return 0; /* (deleted: the Python engine says so) */
    int overflow;
    long long kept = PyLong_AsLongLongAndOverflow(self->legal, &overflow);
    if (kept == -1 && !overflow && PyErr_Occurred()) PyErr_Clear(); /* not an int */
    else if (kept >= 0 && !overflow) {
        *out = (uint64_t)kept;
        return 1;
    } else if (overflow > 0) { /* 2**63 and above: a mask of the 64th card, or too wide */
        int r = as_u64(self->legal, out);
        if (r != 0) return r;
    }
    int r = native_legal(self, out);
    if (r < 0) return -1;
    if (r == 1) {
        PyObject *value = PyLong_FromUnsignedLongLong(*out);
        if (value == NULL) return -1;
        set_field(&self->legal, value);
        return 1;
    }
    PyObject *mask = PyObject_CallMethodObjArgs((PyObject *)self, str_legal_mask, NULL);
    if (mask == NULL) return -1;
    r = as_u64(mask, out);
    Py_DECREF(mask);
    return r;
}

static PyObject *call_python(PyObject *fn, PyObject *self, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames) {
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    PyObject *tuple = PyTuple_New(nargs + 1);
    if (tuple == NULL) return NULL;
    Py_INCREF(self);
    PyTuple_SetItem(tuple, 0, self);
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(tuple, i + 1, args[i]);
    }
    PyObject *kw = NULL;
    if (nkw) {
        kw = PyDict_New();
        if (kw == NULL) { Py_DECREF(tuple); return NULL; }
        for (Py_ssize_t i = 0; i < nkw; i++) {
            if (PyDict_SetItem(kw, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
                Py_DECREF(tuple); Py_DECREF(kw); return NULL;
            }
        }
    }
    PyObject *result = PyObject_Call(fn, tuple, kw);
    Py_DECREF(tuple);
    Py_XDECREF(kw);
    return result;
}

/* [table[i] for every bit i of mask, lowest first]: a table's items by card (the legal
 * cards' interned Play objects; a family's actions, actions_in). */
static PyObject *items_of(PyObject *table, uint64_t mask) {
    PyObject *out = PyList_New(__builtin_popcountll(mask));
    if (out == NULL) return NULL;
    Py_ssize_t at = 0;
    while (mask) {
        int i = __builtin_ctzll(mask);
        mask &= mask - 1;
        PyObject *item = PyTuple_GetItem(table, i);
        if (item == NULL) { Py_DECREF(out); return NULL; }
        Py_INCREF(item);
        PyList_SetItem(out, at++, item);
    }
    return out;
}

static PyObject *plays_of(Core *self, uint64_t legal) { return items_of(self->plays, legal); }

/* -- the auction's free calls (AuctionState.free_calls, read by Game's _free_calls) --------
 *
 * _free: (seats, actions, texts): the seats that call next, each once, with any of
 * the actions, then the seat to act after them; _unsent: the calls taken here since the
 * declaration, which Game's auction property hands to the state before anything reads
 * it.  The call of position k (k = len(_unsent)) is seats[k]'s, while k + 1 < len(seats). */

typedef struct {
    PyObject *seats, *actions, *texts;
    Py_ssize_t at;
} FreeCall;

/* 1: a free call is next (filled in), 0: not (the Python methods run). */
static int free_call_now(Core *self, FreeCall *fc) {
    if (self->free == NULL || self->free == Py_None) return 0; /* (most auctions) */
    PyObject *phase = self->phase;
    if (phase == NULL ||
        (phase != str_auction &&
         !(PyUnicode_Check(phase) && PyUnicode_Compare(phase, str_auction) == 0)))
        return 0;
    PyObject *free = self->free;
    if (free == NULL || !PyTuple_Check(free) || PyTuple_Size(free) != 3) return 0;
    if (self->unsent == NULL || Py_TYPE(self->unsent) != &PyList_Type) return 0;
    if (self->calls == NULL || Py_TYPE(self->calls) != &PyList_Type) return 0;
    if (self->actions == NULL || Py_TYPE(self->actions) != &PyList_Type) return 0;
    fc->seats = PyTuple_GetItem(free, 0);
    fc->actions = PyTuple_GetItem(free, 1);
    fc->texts = PyTuple_GetItem(free, 2);
    if (!PyTuple_Check(fc->seats) || !PyTuple_Check(fc->actions) || !PyTuple_Check(fc->texts) ||
        PyTuple_Size(fc->actions) != PyTuple_Size(fc->texts))
        return 0;
    fc->at = PyList_Size(self->unsent);
    if (fc->at + 1 >= PyTuple_Size(fc->seats)) return 0;
    PyObject *seat = PyTuple_GetItem(fc->seats, fc->at);
    if (self->to_act == NULL || Py_TYPE(self->to_act) != &PyLong_Type || seat == NULL ||
        Py_TYPE(seat) != &PyLong_Type)
        return 0;
    int same = PyObject_RichCompareBool(self->to_act, seat, Py_EQ);
    if (same < 0) { PyErr_Clear(); return 0; }
    return same;
}

/* Take the free call ``action`` if it is one of the declared actions: 1 taken, 0 not, -1 error. */
static int take_free_call(Core *self, FreeCall *fc, PyObject *action) {
    Py_ssize_t n = PyTuple_Size(fc->actions);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyTuple_GetItem(fc->actions, i) != action) continue;
        PyObject *text = PyTuple_GetItem(fc->texts, i);
        PyObject *seat = PyTuple_GetItem(fc->seats, fc->at);
        PyObject *next = PyTuple_GetItem(fc->seats, fc->at + 1);
        if (text == NULL || seat == NULL || next == NULL) return -1;
        PyObject *pair = PyTuple_Pack(2, seat, action);
        if (pair == NULL) return -1;
        if (PyList_Append(self->calls, pair) < 0) { Py_DECREF(pair); return -1; }
        if (PyList_Append(self->unsent, pair) < 0 || PyList_Append(self->actions, text) < 0) {
            Py_DECREF(pair);
            return -1;
        }
        Py_DECREF(pair);
        Py_INCREF(next);
        set_field(&self->to_act, next);
        return 1;
    }
    return 0;
}

PyDoc_STRVAR(legal_actions_doc,
"legal_actions($self, /)\n--\n\n"
"The actions the seat to act may take now (empty when the game is over).");

static PyObject *core_legal_actions(Core *self, PyObject *Py_UNUSED(ignored)) {
    if (is_play_phase(self) && self->plain == Py_True && self->plays != NULL &&
        PyTuple_Check(self->plays)) {
        uint64_t legal;
        int r = legal_now(self, &legal);
        if (r < 0) return NULL;
        if (r == 1) return plays_of(self, legal);
    }
    FreeCall fc;
    if (free_call_now(self, &fc)) return PySequence_List(fc.actions);
    return call_python(py_legal_actions, (PyObject *)self, NULL, 0, NULL);
}

/* The trick finished by the card just played, as Game._trick_complete does it where no
 * rule of the Python side is needed: 1 done, 0 not (the caller calls the Python one). */
static int complete_trick(Core *self, long winner) {
    int combos = 0;
    if (self->order != NULL) {
        PyObject *c = PyObject_GetAttr(self->order, str_combos);
        if (c == NULL) return -1;
        combos = PyObject_IsTrue(c);
        Py_DECREF(c);
        if (combos < 0) return -1;
    }
    if (combos) return 0;
    PyObject *cards = PyList_AsTuple(self->trick);
    if (cards == NULL) return -1;
    PyObject *fields3 = Py_BuildValue("((OOl))", self->leader, cards, winner);
    Py_DECREF(cards);
    if (fields3 == NULL) return -1;
    PyObject *trick = tuple_new((PyTypeObject *)TrickType, fields3, NULL);
    Py_DECREF(fields3);
    if (trick == NULL) return -1;
    int failed = PyList_Append(self->tricks, trick);
    Py_DECREF(trick);
    if (failed) return -1;
    PyObject *won = PyList_GetItem(self->tricks_won, winner);
    if (won == NULL) return -1;
    long count = PyLong_AsLong(won);
    if (count == -1 && PyErr_Occurred()) return -1;
    PyObject *more = PyLong_FromLong(count + 1);
    if (more == NULL || PyList_SetItem(self->tricks_won, winner, more) < 0) return -1;
    PyObject *empty1 = PyList_New(0), *empty2 = PyList_New(0);
    if (empty1 == NULL || empty2 == NULL) { Py_XDECREF(empty1); Py_XDECREF(empty2); return -1; }
    set_field(&self->trick_cards, empty1);
    set_field(&self->trick, empty2);
    PyObject *w = PyLong_FromLong(winner);
    if (w == NULL) return -1;
    Py_INCREF(w);
    set_field(&self->leader, w);
    set_field(&self->to_act, w);
    uint64_t hand;
    int r = item_u64(self->hands, winner, &hand);
    if (r < 0) return -1;
    if (r == 1 && hand == 0) { /* the deal is played out */
        PyObject *done = PyObject_CallMethodObjArgs((PyObject *)self, str_end_deal, NULL);
        if (done == NULL) return -1;
        Py_DECREF(done);
        return 1;
    }
    if (self->contract != NULL && self->contract != Py_None) {
        PyObject *early = PyObject_GetAttr(self->contract, str_decides_early);
        if (early == NULL) return -1;
        int decides = PyObject_IsTrue(early);
        Py_DECREF(early);
        if (decides < 0) return -1;
        if (decides || r == 0) {
            /* a contract decided before the hands are played out: the Python side */
            PyObject *checked = PyObject_CallMethod((PyObject *)self, "_end_if_decided", NULL);
            if (checked == NULL) return -1;
            Py_DECREF(checked);
        }
    }
    return 1;
}

/* Game._play for a card the seat to act may play, its text recorded. */
static int play_card(Core *self, long seat, long index, uint64_t hand) {
    uint64_t bit = (uint64_t)1 << index, beats = 0;
    Py_ssize_t on_table = PyList_Size(self->trick_cards);
    if (on_table < 0) return -1;
    long win = self->win ? PyLong_AsLong(self->win) : -1;
    if (win == -1 && PyErr_Occurred()) return -1;
    int beaten = on_table == 0;
    if (!beaten) {
        int r = item_u64(self->beats, win, &beats);
        if (r < 0) return -1;
        if (r == 0) { PyErr_SetString(PyExc_RuntimeError, "unreadable order table"); return -1; }
        beaten = (beats & bit) != 0;
    }
    PyObject *row = PyTuple_GetItem(self->played_cards, seat);
    if (row != NULL && !PyTuple_Check(row)) {
        PyErr_SetString(PyExc_TypeError, "_played_cards: a tuple of tuples by seat");
        return -1;
    }
    PyObject *played = row ? PyTuple_GetItem(row, index) : NULL;
    PyObject *text = PyTuple_GetItem(self->texts, index);
    PyObject *next = PyTuple_GetItem(self->next, seat);
    if (played == NULL || text == NULL || next == NULL) return -1;
    long active = PyLong_AsLong(self->active);
    if (active == -1 && PyErr_Occurred()) return -1;
    /* (from here the state changes: nothing above did) */
    PyObject *held = PyLong_FromUnsignedLongLong(hand ^ bit);
    if (held == NULL) return -1;
    if (PyList_Append(self->actions, text) < 0) { Py_DECREF(held); return -1; }
    if (PyList_SetItem(self->hands, seat, held) < 0) return -1; /* (steals held) */
    set_field(&self->legal, PyLong_FromLong(-1));
    if (beaten) {
        set_field(&self->win, PyLong_FromLong(index));
        set_field(&self->winning_seat, PyLong_FromLong(seat));
    }
    PyObject *card = PyLong_FromLong(index);
    if (card == NULL) return -1;
    int failed = PyList_Append(self->trick_cards, card);
    Py_DECREF(card);
    if (failed || PyList_Append(self->trick, played) < 0) return -1;
    if (on_table + 1 < active) {
        Py_INCREF(next);
        set_field(&self->to_act, next);
        uint64_t legal;
        int r = native_legal(self, &legal);
        if (r < 0) return -1;
        if (r == 1) set_field(&self->legal, PyLong_FromUnsignedLongLong(legal));
        return 0;
    }
    long winner = PyLong_AsLong(self->winning_seat);
    if (winner == -1 && PyErr_Occurred()) return -1;
    int r = complete_trick(self, winner);
    if (r < 0) return -1;
    if (r == 0) {
        PyObject *done = PyObject_CallMethodObjArgs((PyObject *)self, str_trick_complete, NULL);
        if (done == NULL) return -1;
        Py_DECREF(done);
    }
    return 0;
}

PyDoc_STRVAR(apply_doc,
"apply($self, action, *, seat=None)\n--\n\n"
"Take an action for the seat to act; ``seat``, if given, must be its controller.\n\n"
"``action`` is an :data:`~cardrules.Action` or its text (``\"play AH\"``);\n"
"``seat`` a seat number 0..3.\n\n"
"An illegal action raises :class:`~cardrules.IllegalAction` naming the\n"
"rule, and the game is left exactly as it was.");

static PyObject *core_apply(Core *self, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames) {
    if (nargs == 1 && kwnames == NULL && (PyObject *)Py_TYPE(args[0]) == PlayType &&
        is_play_phase(self) && self->to_act != NULL && self->to_act != Py_None) {
        uint64_t legal, hand;
        int r = legal_now(self, &legal);
        if (r < 0) return NULL;
        long seat = PyLong_AsLong(self->to_act);
        if (seat == -1 && PyErr_Occurred()) return NULL;
        if (r == 1 && legal && PyTuple_Check(self->plays) &&
            PyTuple_Size(self->plays) >= 64 - __builtin_clzll(legal)) {
            /* A card handed out by legal_actions() is the deck's interned Play: found
             * among the legal cards by identity, without reading its attributes. */
            for (uint64_t rest = legal; rest; rest &= rest - 1) {
                int index = __builtin_ctzll(rest);
                if (PyTuple_GetItem(self->plays, index) != args[0]) continue;
                if (item_u64(self->hands, seat, &hand) == 1 && (hand >> index & 1)) {
                    if (play_card(self, seat, index, hand) < 0) return NULL;
                    Py_RETURN_NONE;
                }
                break;
            }
        }
        if (r == 1 && legal) {
            PyObject *card = PyObject_GetAttr(args[0], str_card);
            if (card == NULL) return NULL;
            PyObject *at = PyObject_GetAttr(card, str_index);
            Py_DECREF(card);
            if (at == NULL) return NULL;
            long index = PyLong_AsLong(at);
            Py_DECREF(at);
            if (index == -1 && PyErr_Occurred()) return NULL;
            if (index >= 0 && index < 64 && (legal >> index & 1) &&
                item_u64(self->hands, seat, &hand) == 1 && (hand >> index & 1)) {
                if (play_card(self, seat, index, hand) < 0) return NULL;
                Py_RETURN_NONE;
            }
        }
    }
    FreeCall fc;
    if (nargs == 1 && kwnames == NULL && free_call_now(self, &fc)) {
        int r = take_free_call(self, &fc, args[0]);
        if (r < 0) return NULL;
        if (r == 1) Py_RETURN_NONE;
    }
    return call_python(py_apply, (PyObject *)self, args, nargs, kwnames);
}

static PyMethodDef core_methods[] = {
    {"legal_actions", (PyCFunction)core_legal_actions, METH_NOARGS, legal_actions_doc},
    {"apply", (PyCFunction)(void (*)(void))core_apply, METH_FASTCALL | METH_KEYWORDS, apply_doc},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_doc, "The state a card played changes, and the card played: the base of Game."},
    {Py_tp_dealloc, core_dealloc},
    {Py_tp_traverse, core_traverse},
    {Py_tp_clear, core_clear},
    {Py_tp_members, core_members},
    {Py_tp_methods, core_methods},
    {0, NULL},
};

static PyType_Spec core_spec = {
    "cardrules._native.Core",
    sizeof(Core),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    core_slots,
};

/* -- the seeded shuffle: MT19937 as CPython's random module runs it ----------------- */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} MT;

static void init_genrand(MT *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = MT_N;
}

/* init_genrand(19650218), where every init_by_array starts: made once (PyInit__native),
 * copied at each seeding (its 624 dependent steps are a third of a seeding's time). */
static MT mt_start;

static void init_by_array(MT *r, const uint32_t *key, size_t length) {
    memcpy(r, &mt_start, sizeof(MT));
    size_t i = 1, j = 0;
    uint32_t *mt = r->mt;
    for (size_t k = MT_N > length ? MT_N : length; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
        if (j >= length) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    }
    mt[0] = 0x80000000U;
}

/* The next output.  MT19937 regenerates its 624 words a block at a time; here each word
 * is regenerated when its output is drawn, in the same order and from the same words as
 * the block's loop (word k from words k, k + 1 and k + 397, the last two already
 * regenerated where they wrap round), so the outputs are the same, and a shuffle that
 * draws 60 of them pays for 60 words, not 624. */
static uint32_t genrand(MT *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = r->mt;
    if (r->index >= MT_N) r->index = 0;
    int kk = r->index++;
    uint32_t y = (mt[kk] & 0x80000000U) | (mt[kk + 1 < MT_N ? kk + 1 : 0] & 0x7fffffffU);
    int m = kk + MT_M < MT_N ? kk + MT_M : kk + MT_M - MT_N;
    y = mt[kk] = mt[m] ^ (y >> 1) ^ mag01[y & 0x1U];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static int bit_length(unsigned long n) {
    int k = 0;
    while (n) { k++; n >>= 1; }
    return k;
}

/* Random._randbelow(n) for 1 <= n < 2**32: getrandbits(k) until below n. */
static unsigned long below(MT *r, unsigned long n) {
    int k = bit_length(n);
    unsigned long j = genrand(r) >> (32 - k);
    while (j >= n) j = genrand(r) >> (32 - k);
    return j;
}

/* The key's 32-bit words as random.seed makes them of int.from_bytes(key) (big-endian):
 * least significant first, without the integer's zero high bytes; an MT19937 seeded. */
static int seed_from(PyObject *key_bytes, MT *r) {
    char *bytes;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(key_bytes, &bytes, &length) < 0) return -1;
    const unsigned char *b = (const unsigned char *)bytes;
    while (length > 0 && *b == 0) { b++; length--; }
    size_t words = length ? (size_t)(length + 3) / 4 : 1;
    uint32_t *key = PyMem_Calloc(words, sizeof(uint32_t));
    if (key == NULL) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < length; i++) /* byte i from the least significant */
        key[i / 4] |= (uint32_t)b[length - 1 - i] << (8 * (i % 4));
    init_by_array(r, key, words);
    PyMem_Free(key);
    return 0;
}

PyDoc_STRVAR(deck_indices_doc,
"deck_indices(key, size, /)\n--\n\n"
"The seeded shuffle and cut of cardrules.engine.dealing._deck_indices: ``key`` the bytes\n"
"random.Random seeds with for a string (its UTF-8 and their SHA-512), ``size`` the deck's.");

static PyObject *deck_indices(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "deck_indices(key, size) takes 2 arguments");
        return NULL;
    }
    if (!PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "deck_indices: the key is bytes");
        return NULL;
    }
    long size = PyLong_AsLong(args[1]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 2 || size > 4096) {
        PyErr_SetString(PyExc_ValueError, "deck_indices: a deck of 2 to 4096 cards");
        return NULL;
    }
    MT r;
    if (seed_from(args[0], &r) < 0) return NULL;
    int deck[4096];
    for (long i = 0; i < size; i++) deck[i] = (int)i;
    for (long i = size - 1; i > 0; i--) {
        unsigned long j = below(&r, (unsigned long)i + 1);
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    long cut = 1 + (long)below(&r, (unsigned long)size - 1);
    PyObject *out = PyList_New(size);
    if (out == NULL) return NULL;
    for (long i = 0; i < size; i++) {
        PyObject *v = PyLong_FromLong(deck[(i + cut) % size]);
        if (v == NULL) { Py_DECREF(out); return NULL; }
        PyList_SetItem(out, i, v);
    }
    return out;
}

PyDoc_STRVAR(seeded_below_doc,
"seeded_below(key, n, /)\n--\n\n"
"random.Random(text).randrange(n) for 1 <= n < 2**32, ``key`` the bytes random.Random\n"
"seeds with for ``text`` (its UTF-8 and their SHA-512).");

static PyObject *seeded_below(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "seeded_below(key, n) takes 2 arguments");
        return NULL;
    }
    long long n = PyLong_AsLongLong(args[1]);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n >= ((long long)1 << 32)) {
        PyErr_SetString(PyExc_ValueError, "seeded_below: n from 1 to 2**32 - 1");
        return NULL;
    }
    MT r;
    if (seed_from(args[0], &r) < 0) return NULL;
    return PyLong_FromUnsignedLong(below(&r, (unsigned long)n));
}

PyDoc_STRVAR(actions_in_doc,
"actions_in(mask, table, /)\n--\n\n"
"[table[i] for every bit i of mask, lowest first], for a mask below 2**64; None for a\n"
"wider one (the caller's Python loop then). A bit beyond the table is an IndexError.");

static PyObject *actions_in(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "actions_in(mask, table) takes 2 arguments");
        return NULL;
    }
    if (!PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "actions_in: the table is a tuple");
        return NULL;
    }
    uint64_t mask;
    int r = as_u64(args[0], &mask);
    if (r < 0) return NULL;
    if (r == 0) {
        if (!PyLong_Check(args[0])) {
            PyErr_SetString(PyExc_TypeError, "actions_in: the mask is an int");
            return NULL;
        }
        Py_RETURN_NONE; /* negative or wider than 64 bits */
    }
    Py_ssize_t size = PyTuple_Size(args[1]);
    if (mask && 64 - __builtin_clzll(mask) > size) {
        PyErr_SetString(PyExc_IndexError, "actions_in: a bit beyond the table");
        return NULL;
    }
    return items_of(args[1], mask);
}

PyDoc_STRVAR(deal_masks_doc,
"deal_masks(deck, order, size, /)\n--\n\n"
"cardrules.engine.dealing._deal_masks: card i of ``deck`` (card indices below 64) to\n"
"``order[i % len(order)]``, ``size`` cards each; the masks by seat, or None where a card\n"
"index is 64 or more (the Python function deals those).");

static PyObject *deal_masks(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3 || !PyList_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "deal_masks(deck: list, order: tuple, size)");
        return NULL;
    }
    Py_ssize_t n = PyTuple_Size(args[1]), cards = PyList_Size(args[0]);
    long size = PyLong_AsLong(args[2]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (n < 1 || n > 64 || size < 0 || n * size > cards) {
        PyErr_SetString(PyExc_ValueError, "deal_masks: the deck is too short for the deal");
        return NULL;
    }
    uint64_t hands[64] = {0};
    long seats[64];
    for (Py_ssize_t p = 0; p < n; p++) {
        seats[p] = PyLong_AsLong(PyTuple_GetItem(args[1], p));
        if (seats[p] == -1 && PyErr_Occurred()) return NULL;
        if (seats[p] < 0 || seats[p] >= n) {
            PyErr_SetString(PyExc_ValueError, "deal_masks: a seat out of the order's range");
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < n * size; i++) {
        long c = PyLong_AsLong(PyList_GetItem(args[0], i));
        if (c == -1 && PyErr_Occurred()) return NULL;
        if (c < 0) {
            PyErr_SetString(PyExc_ValueError, "deal_masks: a negative card index");
            return NULL;
        }
        if (c >= 64) Py_RETURN_NONE;
        hands[seats[i % n]] |= (uint64_t)1 << c;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *v = PyLong_FromUnsignedLongLong(hands[s]);
        if (v == NULL) { Py_DECREF(out); return NULL; }
        PyTuple_SetItem(out, s, v);
    }
    return out;
}

/* -- module -------------------------------------------------------------------------- */

PyDoc_STRVAR(run_steps_doc,
"run_steps(codes, hand, lm, tm, beats, first, played=0, /)\n--\n\n"
"cardrules.engine.steps.run_steps in C (64-bit masks, known codes): for the tests.");

static PyObject *run_steps_py(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *codes, *objects[5] = {NULL, NULL, NULL, NULL, NULL};
    uint64_t masks[5] = {0, 0, 0, 0, 0};
    int first;
    if (!PyArg_ParseTuple(args, "O!OOOOp|O", &PyTuple_Type, &codes, &objects[0], &objects[1],
                          &objects[2], &objects[3], &first, &objects[4]))
        return NULL;
    for (int i = 0; i < 5; i++) {
        if (objects[i] == NULL) continue;
        int r = as_u64(objects[i], &masks[i]);
        if (r < 0) return NULL;
        if (r == 0) {
            PyErr_SetString(PyExc_OverflowError, "run_steps: a mask of more than 64 bits");
            return NULL;
        }
    }
    Program program;
    int r = read_program(codes, &program);
    if (r < 0) return NULL;
    if (r == 0) {
        PyErr_SetString(PyExc_ValueError,
                        "run_steps: an unknown step code, a card set of more than 64 bits, "
                        "or more than 16 steps");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(
        steps(&program, masks[0], masks[1], masks[2], masks[3], first, masks[4]));
}

PyDoc_STRVAR(setup_doc,
"setup(play_type, trick_type, legal_actions, apply, /)\n--\n\n"
"The Python side the core calls: the Play and Trick types, Game's reference methods.");

static PyObject *setup(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *play, *trick, *legal, *apply;
    if (!PyArg_ParseTuple(args, "OOOO", &play, &trick, &legal, &apply)) return NULL;
    Py_INCREF(play); set_field(&PlayType, play);
    Py_INCREF(trick); set_field(&TrickType, trick);
    Py_INCREF(legal); set_field(&py_legal_actions, legal);
    Py_INCREF(apply); set_field(&py_apply, apply);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"setup", setup, METH_VARARGS, setup_doc},
    {"deck_indices", (PyCFunction)(void (*)(void))deck_indices, METH_FASTCALL, deck_indices_doc},
    {"run_steps", run_steps_py, METH_VARARGS, run_steps_doc},
    {"seeded_below", (PyCFunction)(void (*)(void))seeded_below, METH_FASTCALL, seeded_below_doc},
    {"deal_masks", (PyCFunction)(void (*)(void))deal_masks, METH_FASTCALL, deal_masks_doc},
    {"actions_in", (PyCFunction)(void (*)(void))actions_in, METH_FASTCALL, actions_in_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "The native core of the game engine (see _native.c).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *m = PyModule_Create(&native_module);
    if (m == NULL) return NULL;
    str_play = PyUnicode_InternFromString("play");
    str_auction = PyUnicode_InternFromString("auction");
    str_card = PyUnicode_InternFromString("card");
    str_index = PyUnicode_InternFromString("index");
    str_combos = PyUnicode_InternFromString("combos");
    str_decides_early = PyUnicode_InternFromString("decides_early");
    str_legal_mask = PyUnicode_InternFromString("legal_mask");
    str_trick_complete = PyUnicode_InternFromString("_trick_complete");
    str_end_deal = PyUnicode_InternFromString("_end_deal");
    tuple_new = (newfunc)PyType_GetSlot(&PyTuple_Type, Py_tp_new);
    init_genrand(&mt_start, 19650218U);
    PyObject *core = PyType_FromSpec(&core_spec);
    if (core == NULL || PyModule_AddObject(m, "Core", core) < 0) {
        Py_XDECREF(core);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
