/* The lot engine's matching walk in C, for FIFO, LIFO, HIFO and LOFO (one method, no snapshot).
 *
 * It does exactly what analytics/lots/matching.py does for those methods, on the same scaled
 * integers (units of 10**-18, signed 128-bit), with the same rounding: pro-rata shares are
 * floors of a 128x128-bit product divided by a 128-bit number, computed exactly through a
 * 256-bit intermediate. Costs per unit (HIFO, LOFO) are compared exactly by cross
 * multiplication. The walk runs without the GIL.
 *
 * Inputs are the events (sorted by asset, time, kind, tx, flow) as raw little-endian buffers;
 * outputs are bytes objects holding columns of int64 and int128 values (see `match`).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

enum { ACQUIRE = 0, MOVE = 1, DISPOSE = 2 };
enum { FIFO = 0, LIFO = 1, HIFO = 2, LOFO = 3 };
enum { N_MATCH_BUFFERS = 15 }; /* match's buffer arguments */

/* ---- exact 128-bit arithmetic -------------------------------------------------------- */

/* a * b as 256 bits: out[0] least significant 64-bit limb. */
static void mul_128(u128 a, u128 b, uint64_t out[4]) {
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64), b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
    u128 middle = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    out[0] = (uint64_t)p00;
    out[1] = (uint64_t)middle;
    u128 high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    out[2] = (uint64_t)high;
    out[3] = (uint64_t)(high >> 64);
}

/* (hi:lo) / d for hi < d: the 64-bit quotient, and the remainder in *r. */
static uint64_t div_128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *r) {
#if defined(__x86_64__)
    uint64_t q, rem;
    __asm__("divq %4" : "=a"(q), "=d"(rem) : "a"(lo), "d"(hi), "rm"(d));
    *r = rem;
    return q;
#else
    u128 n = ((u128)hi << 64) | lo;
    *r = (uint64_t)(n % d);
    return (uint64_t)(n / d);
#endif
}

/* p (256 bits, p[0] least significant) / c, c > 0, when the quotient is below 2**128: Knuth's
 * algorithm D on 64-bit digits (each estimate one hardware division). *exact tells whether the
 * division left no remainder. */
static u128 div_256_128(const uint64_t p[4], u128 c, int *exact) {
    uint64_t q[4] = {0};
    uint64_t c1 = (uint64_t)(c >> 64), c0 = (uint64_t)c;
    if (!c1) { /* one-digit divisor: short division */
        uint64_t r = 0;
        for (int i = 3; i >= 0; i--) q[i] = div_128_64(r, p[i], c0, &r);
        *exact = r == 0;
        return ((u128)q[1] << 64) | q[0];
    }
    int s = __builtin_clzll(c1);
    u128 v = c << s;
    uint64_t v1 = (uint64_t)(v >> 64), v0 = (uint64_t)v;
    uint64_t u[5];
    u[4] = s ? p[3] >> (64 - s) : 0;
    for (int i = 3; i > 0; i--) u[i] = s ? (p[i] << s) | (p[i - 1] >> (64 - s)) : p[i];
    u[0] = p[0] << s;
    for (int j = 2; j >= 0; j--) {
        /* estimate the digit from the top two digits, then correct it (at most twice) */
        uint64_t qhat, rhat;
        int rhat_big = 0; /* rhat >= 2**64: the estimate needs no more correction */
        if (u[j + 2] >= v1) {
            qhat = UINT64_MAX;
            u128 r = (((u128)u[j + 2] << 64) | u[j + 1]) - (u128)qhat * v1;
            rhat_big = (r >> 64) != 0;
            rhat = (uint64_t)r;
        } else {
            qhat = div_128_64(u[j + 2], u[j + 1], v1, &rhat);
        }
        while (!rhat_big && (u128)qhat * v0 > (((u128)rhat << 64) | u[j])) {
            qhat--;
            u128 r = (u128)rhat + v1;
            rhat_big = (r >> 64) != 0;
            rhat = (uint64_t)r;
        }
        /* u[j..j+2] -= qhat * v */
        u128 low = (u128)qhat * v0, high = (u128)qhat * v1;
        uint64_t borrow = u[j] < (uint64_t)low;
        u[j] -= (uint64_t)low;
        u128 middle = (u128)(uint64_t)high + (uint64_t)(low >> 64) + borrow;
        borrow = u[j + 1] < (uint64_t)middle;
        u[j + 1] -= (uint64_t)middle;
        u128 top = (u128)(uint64_t)(high >> 64) + (uint64_t)(middle >> 64) + borrow;
        int negative = (u128)u[j + 2] < top;
        u[j + 2] -= (uint64_t)top;
        if (negative) { /* the estimate was one too large: add v back */
            qhat--;
            u128 sum = (u128)u[j] + v0;
            u[j] = (uint64_t)sum;
            sum = (u128)u[j + 1] + v1 + (uint64_t)(sum >> 64);
            u[j + 1] = (uint64_t)sum;
            u[j + 2] += (uint64_t)(sum >> 64);
        }
        q[j] = qhat;
    }
    *exact = !(u[0] | u[1]);
    return ((u128)q[1] << 64) | q[0];
}

/* floor(a * b / c) for a, b >= 0 and c > 0 when the quotient is below 2**128; *exact tells
 * whether the division left no remainder. */
static u128 muldiv_u(u128 a, u128 b, u128 c, int *exact) {
    uint64_t p[4];
    mul_128(a, b, p);
    if (!p[2] && !p[3]) {
        u128 product = ((u128)p[1] << 64) | p[0];
        u128 quotient = product / c;
        *exact = quotient * c == product;
        return quotient;
    }
    return div_256_128(p, c, exact);
}

/* Python's (a * b) // c for any sign of a, b >= 0, c > 0 (floor division). */
static i128 floor_muldiv(i128 a, i128 b, i128 c) {
    int exact;
    if (a >= 0) return (i128)muldiv_u((u128)a, (u128)b, (u128)c, &exact);
    u128 quotient = muldiv_u((u128)(-a), (u128)b, (u128)c, &exact);
    return -(i128)quotient - (exact ? 0 : 1);
}

/* sign of a/b - c/d for a, c >= 0 and b, d > 0, exactly. */
static int compare_ratios(u128 a, u128 b, u128 c, u128 d) {
    uint64_t left[4], right[4];
    mul_128(a, d, left);
    mul_128(c, b, right);
    for (int i = 3; i >= 0; i--)
        if (left[i] != right[i]) return left[i] < right[i] ? -1 : 1;
    return 0;
}

/* ---- growable columns ---------------------------------------------------------------- */

typedef struct {
    char *data;
    size_t size, capacity, width;
} Column;

static int grow(Column *column) {
    size_t capacity = column->capacity ? column->capacity * 2 : 1024;
    char *data = realloc(column->data, capacity * column->width);
    if (!data) return -1;
    column->data = data;
    column->capacity = capacity;
    return 0;
}

/* Append a value to a column of its width (copies of a known size, which compile to moves). */
static inline int push64(Column *column, int64_t value) {
    if (column->size == column->capacity && grow(column)) return -1;
    memcpy(column->data + 8 * column->size++, &value, 8);
    return 0;
}

static inline int push128(Column *column, i128 value) {
    if (column->size == column->capacity && grow(column)) return -1;
    memcpy(column->data + 16 * column->size++, &value, 16);
    return 0;
}

static inline int push8(Column *column, int8_t value) {
    if (column->size == column->capacity && grow(column)) return -1;
    column->data[column->size++] = (char)value;
    return 0;
}

/* ---- pieces and pools ---------------------------------------------------------------- */

typedef struct {
    i128 quantity, cost;
    i128 rank_cost, rank_quantity; /* cost per unit = rank_cost / rank_quantity, once ranked */
    double rank_ratio;             /* the same, rounded: decides comparisons that are not close */
    int64_t order, row, acquired;
    int ranked; /* 0, 1 (rank_cost / rank_quantity), or CARRIED_RANK */
} Piece;

/* A piece carried in from a snapshot keeps the snapshot's rank, which only Python holds: `ranked` says
 * so and `rank_cost` is the carried lot's row, which Python looks its rank up by (FIFO and LIFO never
 * rank a piece, so the fields are otherwise unused). */
enum { CARRIED_RANK = 2 };

/* A heap entry holds the piece's ordering keys, so that comparing two entries reads the heap
 * alone (the pieces are only read to compare close costs per unit exactly). The keys never
 * change while the piece is in a pool. */
typedef struct {
    double ratio; /* the piece's rank_ratio (HIFO, LOFO) */
    int64_t order, row;
    int64_t index; /* into the walk's pieces */
} Entry;

typedef struct {
    Entry *heap;
    size_t size, capacity;
} Pool;

typedef struct {
    int method;
    Piece *pieces;
    size_t n_pieces, pieces_capacity;
    Column slice_event, slice_row, slice_quantity, slice_cost, slice_acquired, slice_proceeds;
    Column moved_parent, moved_event, moved_quantity, moved_cost, moved_acquired;
    int failed;
    /* scratch for one disposal or move */
    int64_t *take_piece;
    i128 *take_quantity, *take_cost;
    size_t take_size, take_capacity;
} Walk;

static void rank_piece(Piece *piece) {
    if (!piece->ranked) {
        piece->rank_cost = piece->cost;
        piece->rank_quantity = piece->quantity;
        piece->rank_ratio = (double)piece->cost / (double)piece->quantity;
        piece->ranked = 1;
    }
}

/* Sign of a's cost per unit minus b's. Each double is within a few parts in 2^53 of its exact ratio,
   so doubles further apart than a part in 10^9 are in the exact order; closer ones are compared
   exactly. */
static int rank_sign(const Walk *walk, const Entry *a, const Entry *b) {
    double x = a->ratio, y = b->ratio;
    double margin = 1e-9 * (x < 0 ? -x : x);
    if (x - y > margin) return 1;
    if (y - x > margin) return -1;
    const Piece *p = &walk->pieces[a->index], *q = &walk->pieces[b->index];
    return compare_ratios((u128)p->rank_cost, (u128)p->rank_quantity, (u128)q->rank_cost, (u128)q->rank_quantity);
}

/* Does entry a come out before entry b? (the method's order; keys are unique) */
static int before(const Walk *walk, const Entry *a, const Entry *b) {
    int by_order = a->order != b->order ? a->order < b->order : a->row < b->row;
    switch (walk->method) {
    case FIFO:
        return by_order;
    case LIFO:
        /* key -order, where order = acquisition order << 40 | row */
        return a->order != b->order ? a->order > b->order : a->row > b->row;
    default: {
        int sign = rank_sign(walk, a, b);
        if (sign) return walk->method == HIFO ? sign > 0 : sign < 0;
        return by_order;
    }
    }
}

/* A pool is in use (touched in this asset) once it has a heap allocated. */
static int pool_open(Pool *pool) {
    pool->heap = malloc(16 * sizeof(Entry));
    pool->size = 0;
    pool->capacity = pool->heap ? 16 : 0;
    return pool->heap ? 0 : -1;
}

/* The pool of `holder`, opened (and listed in `touched`) at its first use in the asset; NULL when the
 * holder is out of range (`*bad_account`) or memory ran out (`walk->failed`). */
static Pool *used_pool(Walk *walk, Pool *pools, Py_ssize_t n_pools, int32_t holder, int32_t *touched,
                       size_t *n_touched, int *bad_account) {
    if (holder < 0 || holder >= n_pools) {
        *bad_account = 1;
        return NULL;
    }
    Pool *pool = &pools[holder];
    if (!pool->capacity) {
        if (pool_open(pool)) {
            walk->failed = 1;
            return NULL;
        }
        touched[(*n_touched)++] = holder;
    }
    return pool;
}

static int heap_push(Walk *walk, Pool *pool, int64_t index) {
    if (pool->size == pool->capacity) {
        size_t capacity = pool->capacity ? pool->capacity * 2 : 16;
        Entry *heap = realloc(pool->heap, capacity * sizeof(Entry));
        if (!heap) return -1;
        pool->heap = heap;
        pool->capacity = capacity;
    }
    const Piece *piece = &walk->pieces[index];
    Entry entry = {piece->rank_ratio, piece->order, piece->row, index};
    size_t at = pool->size++;
    while (at) {
        size_t parent = (at - 1) / 2;
        if (!before(walk, &entry, &pool->heap[parent])) break;
        pool->heap[at] = pool->heap[parent];
        at = parent;
    }
    pool->heap[at] = entry;
    return 0;
}

/* Floyd's pop: the hole left at the top goes down to a leaf by the better child (one comparison a
 * level), then the last entry rises from there (rarely far): about half the comparisons. */
static void heap_pop(Walk *walk, Pool *pool) {
    Entry last = pool->heap[--pool->size];
    size_t at = 0, size = pool->size;
    if (!size) return;
    for (size_t child; (child = 2 * at + 1) < size; at = child) {
        if (child + 1 < size && before(walk, &pool->heap[child + 1], &pool->heap[child])) child++;
        pool->heap[at] = pool->heap[child];
    }
    while (at) {
        size_t parent = (at - 1) / 2;
        if (!before(walk, &last, &pool->heap[parent])) break;
        pool->heap[at] = pool->heap[parent];
        at = parent;
    }
    pool->heap[at] = last;
}

static int64_t new_piece(Walk *walk) {
    if (walk->n_pieces == walk->pieces_capacity) {
        size_t capacity = walk->pieces_capacity ? walk->pieces_capacity * 2 : 1024;
        Piece *pieces = realloc(walk->pieces, capacity * sizeof(Piece));
        if (!pieces) return -1;
        walk->pieces = pieces;
        walk->pieces_capacity = capacity;
    }
    memset(&walk->pieces[walk->n_pieces], 0, sizeof(Piece));
    return (int64_t)walk->n_pieces++;
}

static int add_piece(Walk *walk, Pool *pool, int64_t index) {
    if (walk->method == HIFO || walk->method == LOFO) rank_piece(&walk->pieces[index]);
    return heap_push(walk, pool, index);
}

static int taken(Walk *walk, int64_t piece, i128 quantity, i128 cost) {
    if (walk->take_size == walk->take_capacity) {
        size_t capacity = walk->take_capacity ? walk->take_capacity * 2 : 64;
        int64_t *p = realloc(walk->take_piece, capacity * sizeof(int64_t));
        if (p) walk->take_piece = p;
        i128 *q = realloc(walk->take_quantity, capacity * sizeof(i128));
        if (q) walk->take_quantity = q;
        i128 *c = realloc(walk->take_cost, capacity * sizeof(i128));
        if (c) walk->take_cost = c;
        if (!p || !q || !c) return -1;
        walk->take_capacity = capacity;
    }
    walk->take_piece[walk->take_size] = piece;
    walk->take_quantity[walk->take_size] = quantity;
    walk->take_cost[walk->take_size] = cost;
    walk->take_size++;
    return 0;
}

/* Consume up to `quantity` in the method's order; returns the shortfall. */
static i128 take(Walk *walk, Pool *pool, i128 quantity) {
    walk->take_size = 0;
    i128 wanted = quantity;
    while (wanted && pool->size) {
        int64_t index = pool->heap[0].index;
        Piece *piece = &walk->pieces[index];
        i128 held = piece->quantity;
        if (held <= wanted) {
            heap_pop(walk, pool);
            if (taken(walk, index, held, piece->cost)) walk->failed = 1;
            wanted -= held;
        } else {
            i128 cost = floor_muldiv(piece->cost, wanted, held);
            if (taken(walk, index, wanted, cost)) walk->failed = 1;
            piece->quantity = held - wanted;
            piece->cost -= cost;
            wanted = 0;
        }
    }
    return wanted;
}

static void add_slice(Walk *walk, int64_t event, int64_t row, i128 quantity, i128 cost, int64_t acquired,
                      i128 proceeds) {
    if (push64(&walk->slice_event, event) || push64(&walk->slice_row, row) ||
        push128(&walk->slice_quantity, quantity) || push128(&walk->slice_cost, cost) ||
        push64(&walk->slice_acquired, acquired) || push128(&walk->slice_proceeds, proceeds))
        walk->failed = 1;
}

static void dispose(Walk *walk, Pool *pool, int64_t event, i128 quantity, i128 proceeds, int64_t ts) {
    i128 short_ = take(walk, pool, quantity);
    size_t parts = walk->take_size + (short_ ? 1 : 0);
    /* the parts' quantities add up to `quantity`: split the proceeds by cumulative floors */
    i128 cumulative = 0, allotted = 0;
    for (size_t k = 0; k < parts; k++) {
        i128 part = k < walk->take_size ? walk->take_quantity[k] : short_;
        i128 share;
        if (parts == 1) {
            share = proceeds;
        } else {
            cumulative += part;
            i128 upto = floor_muldiv(proceeds, cumulative, quantity);
            share = upto - allotted;
            allotted = upto;
        }
        if (k < walk->take_size) {
            Piece *piece = &walk->pieces[walk->take_piece[k]];
            add_slice(walk, event, piece->row, part, walk->take_cost[k], piece->acquired, share);
        } else {
            add_slice(walk, event, -1, part, 0, ts, share);
        }
    }
}

static void arrive(Walk *walk, Pool *pool, int64_t parent, int64_t event, i128 quantity, i128 cost,
                   int64_t acquired, int64_t order, const Piece *ranked_like, int64_t *next_row) {
    int64_t row = (*next_row)++;
    if (push64(&walk->moved_parent, parent) || push64(&walk->moved_event, event) ||
        push128(&walk->moved_quantity, quantity) || push128(&walk->moved_cost, cost) ||
        push64(&walk->moved_acquired, acquired)) {
        walk->failed = 1;
        return;
    }
    int64_t index = new_piece(walk);
    if (index < 0) {
        walk->failed = 1;
        return;
    }
    Piece *piece = &walk->pieces[index];
    piece->quantity = quantity;
    piece->cost = cost;
    piece->order = order;
    piece->row = row;
    piece->acquired = acquired;
    if (ranked_like && ranked_like->ranked) {
        piece->ranked = ranked_like->ranked;
        piece->rank_cost = ranked_like->rank_cost;
        piece->rank_quantity = ranked_like->rank_quantity;
        piece->rank_ratio = ranked_like->rank_ratio;
    }
    if (add_piece(walk, pool, index)) walk->failed = 1;
}

/* ---- the module function ------------------------------------------------------------- */

static PyObject *column_bytes(Column *column) {
    return PyBytes_FromStringAndSize(column->data ? column->data : "", (Py_ssize_t)(column->size * column->width));
}

static void column_init(Column *column, size_t width) {
    memset(column, 0, sizeof(Column));
    column->width = width;
}

typedef struct {
    Py_buffer view;
    int held;
} Buffer;

static int get_buffer(PyObject *object, Buffer *buffer, Py_ssize_t count, Py_ssize_t width, const char *name) {
    if (PyObject_GetBuffer(object, &buffer->view, PyBUF_SIMPLE) < 0) return -1;
    buffer->held = 1;
    if (buffer->view.len < count * width) {
        PyErr_Format(PyExc_ValueError, "%s: buffer too short", name);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(match_doc,
             "match(method, wallet, n_events, asset_starts, ts, kind, account, to_account, quantity, amount,\n"
             "      acquisition, n_accounts, first_acquisition_row, first_order, next_row, carried_starts,\n"
             "      carried_account, carried_quantity, carried_cost, carried_order, carried_row,\n"
             "      carried_acquired) -> tuple of bytes\n\n"
             "method: 0 FIFO, 1 LIFO, 2 HIFO, 3 LOFO. Buffers: asset_starts int64 (n_assets + 1),\n"
             "ts int64, kind int8, account and to_account int32 codes (to_account -1: none), quantity\n"
             "and amount int128, acquisition int64. An acquisition's lot is row first_acquisition_row +\n"
             "acquisition, of order first_order + acquisition. The carried lots (a snapshot's open pieces,\n"
             "FIFO and LIFO only) go into their asset's pools before its events: carried_starts int64\n"
             "(n_assets + 1) by asset as asset_starts, account int32, quantity and cost int128, order, row and\n"
             "acquired int64. Returns 18 columns: the slices (event, row, quantity, cost, acquired,\n"
             "proceeds), the moved pieces (parent, event, quantity, cost, acquired) and the open pieces\n"
             "(row, order, quantity, cost, rank_cost, rank_quantity, ranked int8: 2 for a carried rank,\n"
             "rank_cost then the carried row).");

static PyObject *match(PyObject *self, PyObject *args) {
    int method, wallet;
    Py_ssize_t n_events, n_accounts;
    long long first_acquisition_row, first_order, next_row_arg;
    PyObject *objects[N_MATCH_BUFFERS];
    if (!PyArg_ParseTuple(args, "ipnOOOOOOOOnLLLOOOOOOO", &method, &wallet, &n_events, &objects[0], &objects[1],
                          &objects[2], &objects[3], &objects[4], &objects[5], &objects[6], &objects[7],
                          &n_accounts, &first_acquisition_row, &first_order, &next_row_arg, &objects[8],
                          &objects[9], &objects[10], &objects[11], &objects[12], &objects[13], &objects[14]))
        return NULL;
    if (method < FIFO || method > LOFO) {
        PyErr_SetString(PyExc_ValueError, "unknown method");
        return NULL;
    }
    Buffer buffers[N_MATCH_BUFFERS];
    memset(buffers, 0, sizeof(buffers));
    static const char *names[N_MATCH_BUFFERS] = {
        "asset_starts",   "ts",           "kind",          "account",       "to_account",
        "quantity",       "amount",       "acquisition",   "carried_starts", "carried_account",
        "carried_quantity", "carried_cost", "carried_order", "carried_row",   "carried_acquired"};
    const Py_ssize_t widths[N_MATCH_BUFFERS] = {8, 8, 1, 4, 4, 16, 16, 8, 8, 4, 16, 16, 8, 8, 8};
    PyObject *result = NULL;
    Walk walk;
    memset(&walk, 0, sizeof(walk));
    Pool *pools = NULL;
    int32_t *touched = NULL;
    for (int i = 0; i < 9; i++) {
        Py_ssize_t count = i == 0 || i == 8 ? 1 : n_events;
        if (get_buffer(objects[i], &buffers[i], count, widths[i], names[i]) < 0) goto done;
    }
    Py_ssize_t n_assets = buffers[0].view.len / 8 - 1;
    const int64_t *carried_starts = buffers[8].view.buf;
    if (buffers[8].view.len != buffers[0].view.len || carried_starts[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "carried_starts do not match asset_starts");
        goto done;
    }
    for (Py_ssize_t asset = 0; asset < n_assets; asset++) {
        if (carried_starts[asset + 1] < carried_starts[asset]) {
            PyErr_SetString(PyExc_ValueError, "carried_starts decrease");
            goto done;
        }
    }
    Py_ssize_t n_carried = (Py_ssize_t)carried_starts[n_assets];
    if (n_carried && method != FIFO && method != LIFO) {
        PyErr_SetString(PyExc_ValueError, "lots are carried in for FIFO and LIFO only");
        goto done;
    }
    for (int i = 9; i < N_MATCH_BUFFERS; i++) {
        if (get_buffer(objects[i], &buffers[i], n_carried, widths[i], names[i]) < 0) goto done;
    }
    const int64_t *asset_starts = buffers[0].view.buf;
    const int64_t *ts = buffers[1].view.buf;
    const int8_t *kind = buffers[2].view.buf;
    const int32_t *account = buffers[3].view.buf;
    const int32_t *to_account = buffers[4].view.buf;
    const char *quantity_bytes = buffers[5].view.buf;
    const char *amount_bytes = buffers[6].view.buf;
    const int64_t *acquisition = buffers[7].view.buf;
    const int32_t *carried_account = buffers[9].view.buf;
    const char *carried_quantity = buffers[10].view.buf;
    const char *carried_cost = buffers[11].view.buf;
    const int64_t *carried_order = buffers[12].view.buf;
    const int64_t *carried_row = buffers[13].view.buf;
    const int64_t *carried_acquired = buffers[14].view.buf;
    if (n_assets < 0 || asset_starts[n_assets] != n_events) {
        PyErr_SetString(PyExc_ValueError, "asset_starts do not cover the events");
        goto done;
    }

    walk.method = method;
    column_init(&walk.slice_event, 8);
    column_init(&walk.slice_row, 8);
    column_init(&walk.slice_quantity, 16);
    column_init(&walk.slice_cost, 16);
    column_init(&walk.slice_acquired, 8);
    column_init(&walk.slice_proceeds, 16);
    column_init(&walk.moved_parent, 8);
    column_init(&walk.moved_event, 8);
    column_init(&walk.moved_quantity, 16);
    column_init(&walk.moved_cost, 16);
    column_init(&walk.moved_acquired, 8);
    Column open_row, open_order, open_quantity, open_cost, open_rank_cost, open_rank_quantity, open_ranked;
    column_init(&open_row, 8);
    column_init(&open_order, 8);
    column_init(&open_quantity, 16);
    column_init(&open_cost, 16);
    column_init(&open_rank_cost, 16);
    column_init(&open_rank_quantity, 16);
    column_init(&open_ranked, 1);

    Py_ssize_t n_pools = wallet ? (n_accounts > 0 ? n_accounts : 1) : 1;
    pools = calloc((size_t)n_pools, sizeof(Pool));
    touched = malloc((size_t)n_pools * sizeof(int32_t));
    int bad_account = 0;
    if (!pools || !touched) {
        PyErr_NoMemory();
        goto release;
    }

    int64_t next_row = next_row_arg;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t asset = 0; asset < n_assets && !walk.failed && !bad_account; asset++) {
        int64_t begin = asset_starts[asset], end = asset_starts[asset + 1];
        size_t n_touched = 0;
        walk.n_pieces = 0;
        for (int64_t c = carried_starts[asset]; c < carried_starts[asset + 1] && !walk.failed; c++) {
            Pool *pool = used_pool(&walk, pools, n_pools, wallet ? carried_account[c] : 0, touched, &n_touched,
                                   &bad_account);
            if (!pool) break;
            int64_t index = new_piece(&walk);
            if (index < 0) {
                walk.failed = 1;
                break;
            }
            Piece *piece = &walk.pieces[index];
            memcpy(&piece->quantity, carried_quantity + 16 * c, 16);
            memcpy(&piece->cost, carried_cost + 16 * c, 16);
            piece->order = carried_order[c];
            piece->row = carried_row[c];
            piece->acquired = carried_acquired[c];
            piece->ranked = CARRIED_RANK;
            piece->rank_cost = carried_row[c];
            if (add_piece(&walk, pool, index)) walk.failed = 1;
        }
        for (int64_t i = begin; i < end && !walk.failed && !bad_account; i++) {
            Pool *pool = used_pool(&walk, pools, n_pools, wallet ? account[i] : 0, touched, &n_touched, &bad_account);
            if (!pool) break;
            i128 quantity, amount;
            memcpy(&quantity, quantity_bytes + 16 * i, 16);
            memcpy(&amount, amount_bytes + 16 * i, 16);
            if (kind[i] == ACQUIRE) {
                int64_t index = new_piece(&walk);
                if (index < 0) {
                    walk.failed = 1;
                    break;
                }
                Piece *piece = &walk.pieces[index];
                piece->quantity = quantity;
                piece->cost = amount;
                piece->order = first_order + acquisition[i];
                piece->row = first_acquisition_row + acquisition[i];
                piece->acquired = ts[i];
                if (add_piece(&walk, pool, index)) walk.failed = 1;
            } else if (kind[i] == DISPOSE) {
                dispose(&walk, pool, i, quantity, amount, ts[i]);
            } else if (wallet) {
                Pool *destination = used_pool(&walk, pools, n_pools, to_account[i], touched, &n_touched, &bad_account);
                if (!destination) break;
                i128 short_ = take(&walk, pool, quantity);
                /* copy what was taken: arriving pieces may grow the pieces array */
                size_t n_taken = walk.take_size;
                for (size_t k = 0; k < n_taken && !walk.failed; k++) {
                    Piece parent = walk.pieces[walk.take_piece[k]];
                    arrive(&walk, destination, parent.row, i, walk.take_quantity[k], walk.take_cost[k],
                           parent.acquired, parent.order, &parent, &next_row);
                }
                if (short_)
                    arrive(&walk, destination, -1, i, short_, 0, ts[i], first_order + acquisition[i] - 1, NULL,
                           &next_row);
            }
        }
        for (size_t t = 0; t < n_touched; t++) {
            Pool *pool = &pools[touched[t]];
            for (size_t k = 0; k < pool->size && !walk.failed; k++) {
                Piece *piece = &walk.pieces[pool->heap[k].index];
                i128 rank_cost = piece->ranked ? piece->rank_cost : 0;
                i128 rank_quantity = piece->ranked ? piece->rank_quantity : 0;
                int8_t ranked = (int8_t)piece->ranked;
                if (push64(&open_row, piece->row) || push64(&open_order, piece->order) ||
                    push128(&open_quantity, piece->quantity) || push128(&open_cost, piece->cost) ||
                    push128(&open_rank_cost, rank_cost) || push128(&open_rank_quantity, rank_quantity) ||
                    push8(&open_ranked, ranked))
                    walk.failed = 1;
            }
            free(pool->heap);
            memset(pool, 0, sizeof(Pool));
        }
    }
    Py_END_ALLOW_THREADS

    if (bad_account) {
        PyErr_SetString(PyExc_ValueError, "account code out of range");
        goto release;
    }
    if (walk.failed) {
        PyErr_NoMemory();
        goto release;
    }
    Column *columns[18] = {&walk.slice_event, &walk.slice_row, &walk.slice_quantity, &walk.slice_cost,
                           &walk.slice_acquired, &walk.slice_proceeds, &walk.moved_parent, &walk.moved_event,
                           &walk.moved_quantity, &walk.moved_cost, &walk.moved_acquired, &open_row,
                           &open_order, &open_quantity, &open_cost, &open_rank_cost, &open_rank_quantity,
                           &open_ranked};
    result = PyTuple_New(18);
    if (result) {
        for (int i = 0; i < 18; i++) {
            PyObject *bytes = column_bytes(columns[i]);
            if (!bytes) {
                Py_CLEAR(result);
                break;
            }
            PyTuple_SET_ITEM(result, i, bytes);
        }
    }
release:
    for (int i = 0; i < 18; i++) {
        Column *all[18] = {&walk.slice_event, &walk.slice_row, &walk.slice_quantity, &walk.slice_cost,
                           &walk.slice_acquired, &walk.slice_proceeds, &walk.moved_parent, &walk.moved_event,
                           &walk.moved_quantity, &walk.moved_cost, &walk.moved_acquired, &open_row,
                           &open_order, &open_quantity, &open_cost, &open_rank_cost, &open_rank_quantity,
                           &open_ranked};
        free(all[i]->data);
    }
    if (pools)
        for (Py_ssize_t i = 0; i < n_pools; i++) free(pools[i].heap);
    free(pools);
    free(touched);
    free(walk.pieces);
    free(walk.take_piece);
    free(walk.take_quantity);
    free(walk.take_cost);
done:
    for (int i = 0; i < N_MATCH_BUFFERS; i++)
        if (buffers[i].held) PyBuffer_Release(&buffers[i].view);
    return result;
}

/* ---- event order --------------------------------------------------------------------- */

typedef struct {
    int64_t ts;
    uint64_t rest; /* kind << 56 | tx << 24 | ordinal */
    uint32_t index;
} Keyed;

static int keyed_before(const Keyed *a, const Keyed *b) {
    return a->ts != b->ts ? a->ts < b->ts : a->rest < b->rest;
}

/* Sort keys[0..n) by merging the ascending runs they already hold (the events come in runs
 * sorted by time: a batch's acquisitions, its disposals, ...), through `scratch`; -1: no memory. */
static int merge_runs(Keyed *keys, Keyed *scratch, size_t n) {
    size_t *bounds = NULL, n_bounds = 0, capacity = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || keyed_before(&keys[i], &keys[i - 1])) {
            if (n_bounds == capacity) {
                capacity = capacity ? 2 * capacity : 64;
                size_t *grown = realloc(bounds, capacity * sizeof(size_t));
                if (!grown) {
                    free(bounds);
                    return -1;
                }
                bounds = grown;
            }
            bounds[n_bounds++] = i;
        }
    }
    Keyed *from = keys, *to = scratch;
    while (n_bounds > 1) {
        size_t merged = 0;
        for (size_t r = 0; r < n_bounds; r += 2) {
            size_t lo = bounds[r], mid = r + 1 < n_bounds ? bounds[r + 1] : n;
            size_t hi = r + 2 < n_bounds ? bounds[r + 2] : n, i = lo, j = mid, k = lo;
            while (i < mid && j < hi) to[k++] = keyed_before(&from[j], &from[i]) ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
            bounds[merged++] = lo;
        }
        n_bounds = merged;
        Keyed *swap = from;
        from = to;
        to = swap;
    }
    if (from != keys) memcpy(keys, from, n * sizeof(Keyed));
    free(bounds);
    return 0;
}

PyDoc_STRVAR(order_doc,
             "order(n_events, n_assets, asset, ts, kind, tx, ordinal) -> bytes or None\n\n"
             "The events' order by (asset, ts, kind, tx, ordinal) as uint32 positions. asset: int32 codes\n"
             "0..n_assets-1 in the assets' order; ts int64; kind int8 (0..3); tx uint32; ordinal int64.\n"
             "None when an ordinal is outside 0..2**24-1 or there are 2**32 events or more.");

static PyObject *order(PyObject *self, PyObject *args) {
    Py_ssize_t n, n_assets;
    PyObject *objects[5];
    if (!PyArg_ParseTuple(args, "nnOOOOO", &n, &n_assets, &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4]))
        return NULL;
    if (n < 0 || n_assets < 0) {
        PyErr_SetString(PyExc_ValueError, "negative count");
        return NULL;
    }
    if ((uint64_t)n >= ((uint64_t)1 << 32)) Py_RETURN_NONE;
    Buffer buffers[5];
    memset(buffers, 0, sizeof(buffers));
    static const char *names[5] = {"asset", "ts", "kind", "tx", "ordinal"};
    const Py_ssize_t widths[5] = {4, 8, 1, 4, 8};
    PyObject *result = NULL;
    for (int i = 0; i < 5; i++)
        if (get_buffer(objects[i], &buffers[i], n, widths[i], names[i]) < 0) goto done;
    const int32_t *asset = buffers[0].view.buf;
    const int64_t *ts = buffers[1].view.buf;
    const int8_t *kind = buffers[2].view.buf;
    const uint32_t *tx = buffers[3].view.buf;
    const int64_t *ordinal = buffers[4].view.buf;
    size_t *starts = calloc((size_t)n_assets + 1, sizeof(size_t));
    Keyed *keys = malloc((size_t)(n ? n : 1) * sizeof(Keyed));
    Keyed *scratch = malloc((size_t)(n ? n : 1) * sizeof(Keyed));
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, n * 4);
    int status = 0; /* 1: out of range, 2: no memory */
    if (!starts || !keys || !scratch || !bytes) {
        status = 2;
        goto release;
    }
    uint32_t *positions = (uint32_t *)PyBytes_AS_STRING(bytes);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && !status; i++) {
        if (asset[i] < 0 || asset[i] >= n_assets || kind[i] < 0 || kind[i] > 3 || ordinal[i] < 0 ||
            ordinal[i] >= (1 << 24))
            status = 1;
        else
            starts[asset[i] + 1]++;
    }
    if (!status) {
        for (Py_ssize_t a = 0; a < n_assets; a++) starts[a + 1] += starts[a];
        /* grouped by asset, in the given order within each (a counting sort), then sorted per asset */
        for (Py_ssize_t i = 0; i < n; i++) {
            Keyed *key = &keys[starts[asset[i]]++];
            key->ts = ts[i];
            key->rest = ((uint64_t)kind[i] << 56) | ((uint64_t)tx[i] << 24) | (uint64_t)ordinal[i];
            key->index = (uint32_t)i;
        }
        size_t begin = 0;
        for (Py_ssize_t a = 0; a < n_assets && !status; a++) { /* starts[a] is now the end of asset a */
            if (merge_runs(keys + begin, scratch + begin, starts[a] - begin)) status = 2;
            begin = starts[a];
        }
        for (Py_ssize_t i = 0; i < n && !status; i++) positions[i] = keys[i].index;
    }
    Py_END_ALLOW_THREADS
release:
    free(starts);
    free(keys);
    free(scratch);
    if (status == 0) {
        result = bytes;
    } else {
        Py_XDECREF(bytes);
        if (status == 1) result = Py_NewRef(Py_None);
        else PyErr_NoMemory();
    }
done:
    for (int i = 0; i < 5; i++)
        if (buffers[i].held) PyBuffer_Release(&buffers[i].view);
    return result;
}

/* ---- valuation ----------------------------------------------------------------------- */

enum { F_IN = 1, F_FEE = 2, F_LINK = 4, F_FIAT = 8, F_BASE = 16, F_GIVEN = 32, F_EXCHANGE = 64 };

PyDoc_STRVAR(value_doc,
             "value(tx_starts, flags, quantity, value, has_value) -> (own, has_own, resolved, has_resolved,\n"
             "fee_share)\n\n"
             "Per flow (sorted by transaction): own value, resolved value and fee share, the rules of\n"
             "analytics/lots/events.py. flags int8: 1 IN, 2 fee, 4 transfer leg, 8 fiat, 16 base currency,\n"
             "32 BUY or SELL, 64 exchange type. quantity, value int128; has_value int8.");

static PyObject *value(PyObject *self, PyObject *args) {
    PyObject *objects[5];
    if (!PyArg_ParseTuple(args, "OOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4]))
        return NULL;
    Buffer buffers[5];
    memset(buffers, 0, sizeof(buffers));
    PyObject *result = NULL, *outputs[5] = {NULL};
    if (get_buffer(objects[0], &buffers[0], 1, 8, "tx_starts") < 0) goto done;
    Py_ssize_t n_tx = buffers[0].view.len / 8 - 1;
    const int64_t *starts = buffers[0].view.buf;
    Py_ssize_t n = starts[n_tx];
    if (n_tx < 0 || starts[0] != 0) {
        PyErr_SetString(PyExc_ValueError, "tx_starts");
        goto done;
    }
    const Py_ssize_t widths[5] = {8, 1, 16, 16, 1};
    for (int i = 1; i < 5; i++)
        if (get_buffer(objects[i], &buffers[i], n, widths[i], "flows") < 0) goto done;
    const int8_t *flags = buffers[1].view.buf;
    const char *quantity_bytes = buffers[2].view.buf, *value_bytes = buffers[3].view.buf;
    const int8_t *has_value = buffers[4].view.buf;
    const Py_ssize_t out_widths[5] = {16, 1, 16, 1, 16};
    for (int i = 0; i < 5; i++) {
        outputs[i] = PyBytes_FromStringAndSize(NULL, n * out_widths[i]);
        if (!outputs[i]) goto done;
    }
    i128 *own = (i128 *)PyBytes_AS_STRING(outputs[0]);
    int8_t *has_own = (int8_t *)PyBytes_AS_STRING(outputs[1]);
    i128 *resolved = (i128 *)PyBytes_AS_STRING(outputs[2]);
    int8_t *has_resolved = (int8_t *)PyBytes_AS_STRING(outputs[3]);
    i128 *fee_share = (i128 *)PyBytes_AS_STRING(outputs[4]);
    int bad = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t t = 0; t < n_tx && !bad; t++) {
        int64_t begin = starts[t], end = starts[t + 1];
        if (end < begin || end > n) {
            bad = 1;
            break;
        }
        int64_t in_n = 0, in_missing = 0, out_n = 0, out_missing = 0, crypto_in = 0, targets = 0;
        i128 in_sum = 0, out_sum = 0, fee_total = 0;
        for (int64_t i = begin; i < end; i++) {
            int f = flags[i];
            i128 q, v;
            memcpy(&q, quantity_bytes + 16 * i, 16);
            memcpy(&v, value_bytes + 16 * i, 16);
            if (has_value[i]) {
                own[i] = v;
                has_own[i] = 1;
            } else if (f & F_BASE) {
                own[i] = q;
                has_own[i] = 1;
            } else {
                own[i] = 0;
                has_own[i] = 0;
            }
            int trading = !(f & F_FEE) && !(f & F_LINK);
            if (trading && (f & F_IN)) {
                in_n++;
                if (has_own[i]) in_sum += own[i];
                else in_missing++;
                if (!(f & F_FIAT)) crypto_in++;
            } else if (trading) {
                out_n++;
                if (has_own[i]) out_sum += own[i];
                else out_missing++;
            }
            if ((f & F_FEE) && has_own[i]) fee_total += own[i];
        }
        for (int64_t i = begin; i < end; i++) {
            int f = flags[i];
            int trading = !(f & F_FEE) && !(f & F_LINK);
            int into = f & F_IN;
            int has_counter = 0;
            i128 counter = 0;
            if (into && out_n > 0 && out_missing == 0 && in_n == 1) {
                has_counter = 1;
                counter = out_sum;
            } else if (!into && in_n > 0 && in_missing == 0 && out_n == 1) {
                has_counter = 1;
                counter = in_sum;
            }
            if (!trading) {
                resolved[i] = own[i];
                has_resolved[i] = has_own[i];
            } else if (f & F_GIVEN) {
                resolved[i] = has_counter ? counter : own[i];
                has_resolved[i] = has_counter || has_own[i];
            } else {
                resolved[i] = has_own[i] ? own[i] : counter;
                has_resolved[i] = has_own[i] || has_counter;
            }
            if (!has_resolved[i]) resolved[i] = 0;
            int target = trading && !(f & F_FIAT) && (f & F_EXCHANGE) && (crypto_in > 0 ? into : !into);
            fee_share[i] = 0;
            if (target) targets++;
        }
        if (!targets) continue;
        /* the fee goes to the targets: whole to a single one, else split by value (cumulative floors) */
        i128 whole = 0;
        for (int64_t i = begin; i < end; i++) {
            int f = flags[i];
            int trading = !(f & F_FEE) && !(f & F_LINK);
            int target = trading && !(f & F_FIAT) && (f & F_EXCHANGE) && (crypto_in > 0 ? (f & F_IN) : !(f & F_IN));
            if (target) whole += resolved[i];
        }
        int equal = targets > 1 && whole == 0;
        if (equal) whole = targets;
        i128 cumulative = 0, allotted = 0;
        for (int64_t i = begin; i < end; i++) {
            int f = flags[i];
            int trading = !(f & F_FEE) && !(f & F_LINK);
            int target = trading && !(f & F_FIAT) && (f & F_EXCHANGE) && (crypto_in > 0 ? (f & F_IN) : !(f & F_IN));
            if (!target) continue;
            if (targets == 1 || fee_total == 0) {
                fee_share[i] = targets == 1 ? fee_total : 0;
                continue;
            }
            cumulative += equal ? 1 : resolved[i];
            i128 upto = floor_muldiv(fee_total, cumulative, whole);
            fee_share[i] = upto - allotted;
            allotted = upto;
        }
    }
    Py_END_ALLOW_THREADS
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "tx_starts");
        goto done;
    }
    result = PyTuple_New(5);
    if (result)
        for (int i = 0; i < 5; i++) {
            PyTuple_SET_ITEM(result, i, outputs[i]);
            outputs[i] = NULL;
        }
done:
    for (int i = 0; i < 5; i++) {
        Py_XDECREF(outputs[i]);
        if (buffers[i].held) PyBuffer_Release(&buffers[i].view);
    }
    return result;
}

/* ---- CSV ------------------------------------------------------------------------------ */

/* Rows of Arrow columns as CSV text (quote_style "necessary", as Polars' write_csv: a string is
 * quoted when it is empty or holds a comma, a quote or a line break, quotes doubled; nulls are
 * empty fields; a string a spreadsheet would take for a formula gets a leading single quote).
 * Decimals are written exactly with no trailing fractional zeros ("12.5", "0",
 * "-0.000000000000000001"); timestamps as ISO 8601, %Y-%m-%dT%H:%M:%S, then .%6f only when the
 * microseconds are not zero, then the zone's suffix ("Z"). c_core.py formats the same in Polars. */

enum { CSV_STRING_VIEW = 0, CSV_DECIMAL = 1, CSV_TIMESTAMP_US = 2, CSV_INT64 = 3 };

typedef struct {
    int kind;
    const uint8_t *validity; /* NULL: no nulls */
    const char *data;
    const char **variadic; /* string views: the data buffers */
    Py_ssize_t n_variadic;
    int scale;
    const char *suffix;
    Py_ssize_t suffix_len;
} CsvColumn;

typedef struct {
    int fd;
    char *data;
    size_t size, capacity;
    int failed; /* errno of a failed write */
} Out;

static int out_flush(Out *out) {
    size_t done = 0;
    while (done < out->size) {
        ssize_t written = write(out->fd, out->data + done, out->size - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            out->failed = errno ? errno : EIO;
            return -1;
        }
        done += (size_t)written;
    }
    out->size = 0;
    return 0;
}

/* room for `need` more bytes */
static int out_room(Out *out, size_t need) {
    if (out->size + need <= out->capacity) return 0;
    if (out_flush(out)) return -1;
    if (need > out->capacity) {
        char *data = realloc(out->data, need);
        if (!data) {
            out->failed = ENOMEM;
            return -1;
        }
        out->data = data;
        out->capacity = need;
    }
    return 0;
}


static const uint64_t POW10[20] = {1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
                                   100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL,
                                   1000000000000ULL, 10000000000000ULL, 100000000000000ULL,
                                   1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
                                   1000000000000000000ULL, 10000000000000000000ULL};

static const char PAIRS[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                "8081828384858687888990919293949596979899";

/* `value` (< 10**width, width <= 9) in exactly `width` digits, two at a time */
static void put_digits(char *at, uint32_t value, int width) {
    char *p = at + width;
    for (; width >= 2; width -= 2) {
        uint32_t rest = value / 100;
        p -= 2;
        memcpy(p, PAIRS + 2 * (value - rest * 100), 2);
        value = rest;
    }
    if (width) *--p = (char)('0' + value);
}

/* `value` (< 10**width) in exactly `width` digits */
static char *put_padded(char *at, uint64_t value, int width) {
    char *end = at + width;
    while (width > 9) { /* nine digits at a time, in 32 bits */
        uint64_t rest = value / 1000000000ULL;
        width -= 9;
        put_digits(at + width, (uint32_t)(value - rest * 1000000000ULL), 9);
        value = rest;
    }
    put_digits(at, (uint32_t)value, width);
    return end;
}

static char *put_u64(char *at, uint64_t value) {
    int width = 1;
    while (width < 20 && value >= POW10[width]) width++;
    return put_padded(at, value, width);
}


/* an unsigned 128-bit integer in decimal */
static char *put_u128(char *at, u128 value) {
    const uint64_t e18 = POW10[18];
    if (value <= UINT64_MAX) return put_u64(at, (uint64_t)value);
    u128 high = value / e18;
    uint64_t low = (uint64_t)(value - high * e18);
    at = put_u128(at, high);
    return put_padded(at, low, 18);
}

/* the `scale` fractional digits of `fraction` without trailing zeros, after a point; nothing for 0 */
static char *put_fraction(char *at, uint64_t fraction, int scale) {
    if (!fraction) return at;
    while (scale >= 4 && fraction % 10000 == 0) {
        fraction /= 10000;
        scale -= 4;
    }
    while (fraction % 10 == 0) {
        fraction /= 10;
        scale--;
    }
    *at++ = '.';
    return put_padded(at, fraction, scale);
}

static char *put_decimal(char *at, i128 value, int scale) {
    u128 magnitude = value < 0 ? -(u128)value : (u128)value;
    if (value < 0) *at++ = '-';
    if (scale == 0) return put_u128(at, magnitude);
    /* scale <= 19 (checked by the caller): the fraction fits 64 bits */
    uint64_t unit = POW10[scale], high = (uint64_t)(magnitude >> 64), low = (uint64_t)magnitude;
    if (high < unit) { /* the quotient fits 64 bits: one hardware division */
#if defined(__x86_64__)
        uint64_t whole, fraction;
        __asm__("divq %4" : "=a"(whole), "=d"(fraction) : "a"(low), "d"(high), "rm"(unit));
#else
        uint64_t whole = (uint64_t)(magnitude / unit), fraction = (uint64_t)(magnitude % unit);
#endif
        at = put_u64(at, whole);
        return put_fraction(at, fraction, scale);
    }
    u128 whole = magnitude / unit;
    at = put_u128(at, whole);
    return put_fraction(at, (uint64_t)(magnitude - whole * unit), scale);
}

/* days since 1970-01-01 to a civil date (H. Hinnant's algorithm) */
static void civil(int64_t days, int64_t *year, int *month, int *day) {
    days += 719468;
    int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    int64_t doe = days - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *day = (int)(doy - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = yoe + era * 400 + (*month <= 2);
}

static char *put_timestamp(char *at, int64_t micros) {
    int64_t per_day = 86400LL * 1000000LL;
    int64_t days = micros / per_day, rest = micros % per_day;
    if (rest < 0) {
        rest += per_day;
        days -= 1;
    }
    int64_t year;
    int month, day;
    civil(days, &year, &month, &day);
    at = put_padded(at, (uint64_t)year, 4); /* years 1..9999 (checked by the caller) */
    *at++ = '-';
    at = put_padded(at, (uint64_t)month, 2);
    *at++ = '-';
    at = put_padded(at, (uint64_t)day, 2);
    *at++ = 'T';
    int64_t seconds = rest / 1000000;
    at = put_padded(at, (uint64_t)(seconds / 3600), 2);
    *at++ = ':';
    at = put_padded(at, (uint64_t)(seconds / 60 % 60), 2);
    *at++ = ':';
    at = put_padded(at, (uint64_t)(seconds % 60), 2);
    uint64_t micros_part = (uint64_t)(rest % 1000000);
    if (!micros_part) return at;
    *at++ = '.';
    return put_padded(at, micros_part, 6);
}

/* the bytes that make a field quoted */
static const unsigned char SPECIAL[256] = {[','] = 1, ['"'] = 1, ['\n'] = 1, ['\r'] = 1};

/* the first bytes that make a spreadsheet read a cell as a formula: such a string is written after a
 * single quote (OWASP's CSV injection guidance), as c_core.csv_text does in Polars */
static const unsigned char FORMULA[256] = {['='] = 1, ['+'] = 1, ['-'] = 1, ['@'] = 1, ['\t'] = 1, ['\r'] = 1};

static int put_string(Out *out, const char *text, size_t length) {
    unsigned char special = length == 0;
    for (size_t k = 0; k < length; k++) special |= SPECIAL[(unsigned char)text[k]];
    int quote = special;
    int guard = length && FORMULA[(unsigned char)text[0]];
    if (out_room(out, (quote ? 2 * length + 2 : length) + (size_t)guard)) return -1;
    char *at = out->data + out->size;
    if (!quote) {
        if (guard) *at++ = '\'';
        memcpy(at, text, length);
        out->size += length + (size_t)guard;
        return 0;
    }
    *at++ = '"';
    if (guard) *at++ = '\'';
    for (size_t k = 0; k < length; k++) {
        if (text[k] == '"') *at++ = '"';
        *at++ = text[k];
    }
    *at++ = '"';
    out->size = (size_t)(at - out->data);
    return 0;
}

static int csv_field(Out *out, const CsvColumn *column, Py_ssize_t row) {
    if (column->validity && !((column->validity[row >> 3] >> (row & 7)) & 1)) return 0;
    switch (column->kind) {
    case CSV_STRING_VIEW: {
        const char *view = column->data + 16 * row;
        int32_t length;
        memcpy(&length, view, 4);
        if (length <= 12) return put_string(out, view + 4, (size_t)length);
        int32_t index, offset;
        memcpy(&index, view + 8, 4);
        memcpy(&offset, view + 12, 4);
        if (index < 0 || index >= column->n_variadic) {
            out->failed = EINVAL;
            return -1;
        }
        return put_string(out, column->variadic[index] + offset, (size_t)length);
    }
    case CSV_DECIMAL: {
        if (out_room(out, 48)) return -1;
        i128 value;
        memcpy(&value, column->data + 16 * row, 16);
        out->size = (size_t)(put_decimal(out->data + out->size, value, column->scale) - out->data);
        return 0;
    }
    case CSV_TIMESTAMP_US: {
        if (out_room(out, 32 + (size_t)column->suffix_len)) return -1;
        int64_t value;
        memcpy(&value, column->data + 8 * row, 8);
        char *at = put_timestamp(out->data + out->size, value);
        memcpy(at, column->suffix, (size_t)column->suffix_len);
        out->size = (size_t)(at + column->suffix_len - out->data);
        return 0;
    }
    default: { /* CSV_INT64 */
        if (out_room(out, 24)) return -1;
        int64_t value;
        memcpy(&value, column->data + 8 * row, 8);
        char *at = out->data + out->size;
        if (value < 0) *at++ = '-';
        at = put_u64(at, value < 0 ? -(uint64_t)value : (uint64_t)value);
        out->size = (size_t)(at - out->data);
        return 0;
    }
    }
}

PyDoc_STRVAR(csv_doc,
             "csv(fd, n_rows, columns) -> None\n\n"
             "Write n_rows rows of CSV (no header) to the file descriptor. columns: one tuple per column,\n"
             "(kind, validity or None, values, extra): kind 0 string view (values: the 16-byte views,\n"
             "extra: a tuple of the data buffers), 1 decimal128 (extra: the scale, 0..19), 2 timestamp\n"
             "in microseconds of years 1..9999 (extra: the zone suffix, bytes), 3 int64 (extra: None).\n"
             "Decimals without trailing fractional zeros; timestamps without a zero fraction.");

static PyObject *csv(PyObject *self, PyObject *args) {
    int fd;
    Py_ssize_t n_rows;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "inO!", &fd, &n_rows, &PyTuple_Type, &list)) return NULL;
    if (n_rows < 0) {
        PyErr_SetString(PyExc_ValueError, "n_rows < 0");
        return NULL;
    }
    Py_ssize_t n_columns = PyTuple_GET_SIZE(list), n_buffers = 0, held = 0;
    for (Py_ssize_t c = 0; c < n_columns; c++) {
        PyObject *item = PyTuple_GET_ITEM(list, c);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 4) {
            PyErr_SetString(PyExc_TypeError, "a column is (kind, validity, values, extra)");
            return NULL;
        }
        n_buffers += 2;
        PyObject *extra = PyTuple_GET_ITEM(item, 3);
        if (PyTuple_Check(extra)) n_buffers += PyTuple_GET_SIZE(extra);
    }
    PyObject *result = NULL;
    size_t n_slots = (size_t)n_buffers + 1;
    CsvColumn *columns = calloc((size_t)n_columns + 1, sizeof(CsvColumn));
    Py_buffer *views = calloc(n_slots, sizeof(Py_buffer));
    const char **variadic = calloc(n_slots, sizeof(char *));
    Out out = {fd, malloc(1 << 22), 0, 1 << 22, 0};
    if (!columns || !views || !variadic || !out.data) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t next_variadic = 0;
    for (Py_ssize_t c = 0; c < n_columns; c++) {
        PyObject *item = PyTuple_GET_ITEM(list, c);
        CsvColumn *column = &columns[c];
        column->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
        if (column->kind < CSV_STRING_VIEW || column->kind > CSV_INT64) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "unknown column kind");
            goto done;
        }
        static const Py_ssize_t widths[4] = {16, 16, 8, 8};
        PyObject *validity = PyTuple_GET_ITEM(item, 1);
        if (validity != Py_None) {
            if (PyObject_GetBuffer(validity, &views[held], PyBUF_SIMPLE) < 0) goto done;
            if (views[held].len < (n_rows + 7) / 8) {
                held++;
                PyErr_SetString(PyExc_ValueError, "validity buffer too short");
                goto done;
            }
            column->validity = views[held++].buf;
        }
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(item, 2), &views[held], PyBUF_SIMPLE) < 0) goto done;
        if (views[held].len < n_rows * widths[column->kind]) {
            held++;
            PyErr_SetString(PyExc_ValueError, "values buffer too short");
            goto done;
        }
        column->data = views[held++].buf;
        PyObject *extra = PyTuple_GET_ITEM(item, 3);
        if (column->kind == CSV_STRING_VIEW) {
            if (!PyTuple_Check(extra)) {
                PyErr_SetString(PyExc_TypeError, "string views need their data buffers");
                goto done;
            }
            column->variadic = variadic + next_variadic;
            column->n_variadic = PyTuple_GET_SIZE(extra);
            for (Py_ssize_t k = 0; k < column->n_variadic; k++) {
                if (PyObject_GetBuffer(PyTuple_GET_ITEM(extra, k), &views[held], PyBUF_SIMPLE) < 0) goto done;
                variadic[next_variadic++] = views[held++].buf;
            }
        } else if (column->kind == CSV_DECIMAL) {
            column->scale = (int)PyLong_AsLong(extra);
            if (column->scale < 0 || column->scale > 19) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "decimal scale out of range");
                goto done;
            }
        } else if (column->kind == CSV_TIMESTAMP_US) {
            char *suffix;
            if (PyBytes_AsStringAndSize(extra, &suffix, &column->suffix_len) < 0) goto done;
            column->suffix = suffix;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t row = 0; row < n_rows && !out.failed; row++) {
        for (Py_ssize_t c = 0; c < n_columns; c++) {
            if (c && !out_room(&out, 1)) out.data[out.size++] = ',';
            if (csv_field(&out, &columns[c], row)) break;
        }
        if (!out_room(&out, 1)) out.data[out.size++] = '\n';
    }
    if (!out.failed) out_flush(&out);
    Py_END_ALLOW_THREADS
    if (out.failed) {
        errno = out.failed;
        PyErr_SetFromErrno(PyExc_OSError);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    for (Py_ssize_t k = 0; k < held; k++) PyBuffer_Release(&views[k]);
    free(views);
    free(variadic);
    free(columns);
    free(out.data);
    return result;
}

/* ---- lineage of moved pieces ---------------------------------------------------------- */

typedef struct {
    const char *views;
    const char **buffers;
    Py_ssize_t n_buffers, length;
} Strings;

static int string_at(const Strings *strings, Py_ssize_t i, const char **text, size_t *length) {
    const char *view = strings->views + 16 * i;
    int32_t size, index, offset;
    memcpy(&size, view, 4);
    if (size <= 12) {
        *text = view + 4;
    } else {
        memcpy(&index, view + 8, 4);
        memcpy(&offset, view + 12, 4);
        if (index < 0 || index >= strings->n_buffers) return -1;
        *text = strings->buffers[index] + offset;
    }
    *length = (size_t)size;
    return 0;
}

typedef struct {
    int64_t *offsets; /* n + 1 */
    char *data;
    size_t size, capacity;
} Built;

static int built_append(Built *built, const char *a, size_t a_length, const char *b, size_t b_length) {
    size_t need = a_length + (a_length ? 1 : 0) + b_length;
    if (built->size + need > built->capacity) {
        size_t capacity = built->capacity ? built->capacity : 1 << 16;
        while (capacity < built->size + need) capacity *= 2;
        char *data = realloc(built->data, capacity);
        if (!data) return -1;
        built->data = data;
        built->capacity = capacity;
    }
    char *at = built->data + built->size;
    if (a_length) {
        memcpy(at, a, a_length);
        at[a_length] = '>';
        at += a_length + 1;
    }
    memcpy(at, b, b_length);
    built->size += need;
    return 0;
}

/* strings from a tuple (views, (data buffers...)) */
static int get_strings(PyObject *object, Strings *strings, Py_buffer *views, Py_ssize_t *held, Py_ssize_t count,
                       const char *name) {
    PyObject *buffers;
    PyObject *view_object;
    if (!PyArg_ParseTuple(object, "OO!", &view_object, &PyTuple_Type, &buffers)) return -1;
    if (PyObject_GetBuffer(view_object, &views[*held], PyBUF_SIMPLE) < 0) return -1;
    strings->views = views[(*held)++].buf;
    if (views[*held - 1].len < 16 * count) {
        PyErr_Format(PyExc_ValueError, "%s: views too short", name);
        return -1;
    }
    strings->n_buffers = PyTuple_GET_SIZE(buffers);
    strings->buffers = calloc((size_t)strings->n_buffers + 1, sizeof(char *));
    if (!strings->buffers) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < strings->n_buffers; k++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(buffers, k), &views[*held], PyBUF_SIMPLE) < 0) return -1;
        strings->buffers[k] = views[(*held)++].buf;
    }
    strings->length = count;
    return 0;
}

PyDoc_STRVAR(stripped_doc,
             "stripped(n, strings) -> bool\n\n"
             "Whether none of n strings (views, (data buffers...)) begins or ends with whitespace: False when\n"
             "one begins or ends with an ASCII space, tab or line break, or with a non-ASCII byte (which may\n"
             "be Unicode whitespace).");

static int edge_may_be_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c >= 0x80; }

static PyObject *stripped(PyObject *self, PyObject *args) {
    Py_ssize_t n, held = 0;
    PyObject *object;
    if (!PyArg_ParseTuple(args, "nO!", &n, &PyTuple_Type, &object)) return NULL;
    if (PyTuple_GET_SIZE(object) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(object, 1))) {
        PyErr_SetString(PyExc_TypeError, "strings are (views, (data buffers...))");
        return NULL;
    }
    Py_ssize_t n_views = PyTuple_GET_SIZE(PyTuple_GET_ITEM(object, 1)) + 1;
    Py_buffer *views = calloc((size_t)n_views, sizeof(Py_buffer));
    Strings strings = {0};
    PyObject *result = NULL;
    if (!views) {
        PyErr_NoMemory();
        return NULL;
    }
    if (!get_strings(object, &strings, views, &held, n, "strings")) {
        int plain = 1;
        for (Py_ssize_t i = 0; i < n && plain; i++) {
            const char *text;
            size_t length;
            if (string_at(&strings, i, &text, &length))
                plain = 0;
            else if (length)
                plain = !edge_may_be_space((unsigned char)text[0]) && !edge_may_be_space((unsigned char)text[length - 1]);
        }
        result = PyBool_FromLong(plain);
    }
    for (Py_ssize_t k = 0; k < held; k++) PyBuffer_Release(&views[k]);
    free(views);
    free(strings.buffers);
    return result;
}

PyDoc_STRVAR(lineage_doc,
             "lineage(n_head, head_ids, head_chains, n_moved, flows, parents) -> (id_offsets, id_data,\n"
             "chain_offsets, chain_data, roots)\n\n"
             "The ids and transfer chains of pieces moved by transfers (see tables._moved). Strings are\n"
             "(16-byte views, (data buffers...)); parents int64: -1, a head position, or n_head + the\n"
             "position of an earlier moved piece. Returns large-string buffers (int64 offsets) and, per\n"
             "moved piece, the position (head, or n_head + moved) of the piece its chain starts from.");

static PyObject *lineage(PyObject *self, PyObject *args) {
    Py_ssize_t n_head, n_moved;
    PyObject *head_ids_object, *head_chains_object, *flows_object, *parents_object;
    if (!PyArg_ParseTuple(args, "nOOnOO", &n_head, &head_ids_object, &head_chains_object, &n_moved, &flows_object,
                          &parents_object))
        return NULL;
    if (n_head < 0 || n_moved < 0) {
        PyErr_SetString(PyExc_ValueError, "negative length");
        return NULL;
    }
    Py_buffer views[1024];
    Py_ssize_t held = 0;
    Strings head_ids = {0}, head_chains = {0}, flows = {0};
    Built ids = {0}, chains = {0};
    int64_t *roots = NULL;
    PyObject *result = NULL;
    for (int k = 0; k < 3; k++) {
        PyObject *object = k == 0 ? head_ids_object : k == 1 ? head_chains_object : flows_object;
        if (!PyTuple_Check(object) || PyTuple_GET_SIZE(object) != 2 ||
            !PyTuple_Check(PyTuple_GET_ITEM(object, 1)) || PyTuple_GET_SIZE(PyTuple_GET_ITEM(object, 1)) > 300) {
            PyErr_SetString(PyExc_ValueError, "strings are (views, (at most 300 data buffers))");
            goto done;
        }
    }
    if (get_strings(head_ids_object, &head_ids, views, &held, n_head, "head_ids") ||
        get_strings(head_chains_object, &head_chains, views, &held, n_head, "head_chains") ||
        get_strings(flows_object, &flows, views, &held, n_moved, "flows"))
        goto done;
    if (PyObject_GetBuffer(parents_object, &views[held], PyBUF_SIMPLE) < 0) goto done;
    const int64_t *parents = views[held++].buf;
    if (views[held - 1].len < 8 * n_moved) {
        PyErr_SetString(PyExc_ValueError, "parents too short");
        goto done;
    }
    ids.offsets = calloc((size_t)n_moved + 1, 8);
    chains.offsets = calloc((size_t)n_moved + 1, 8);
    roots = calloc((size_t)n_moved + 1, 8);
    if (!ids.offsets || !chains.offsets || !roots) {
        PyErr_NoMemory();
        goto done;
    }
    int bad = 0, failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0; k < n_moved && !bad && !failed; k++) {
        const char *flow, *id = NULL, *chain = NULL;
        size_t flow_length, id_length = 0, chain_length = 0;
        if (string_at(&flows, k, &flow, &flow_length)) {
            bad = 1;
            break;
        }
        int64_t parent = parents[k];
        if (parent < 0) {
            roots[k] = n_head + k;
        } else if (parent < n_head) {
            if (string_at(&head_ids, parent, &id, &id_length) || string_at(&head_chains, parent, &chain, &chain_length)) {
                bad = 1;
                break;
            }
            roots[k] = parent;
        } else if (parent - n_head < k) {
            int64_t earlier = parent - n_head;
            id = ids.data + ids.offsets[earlier];
            id_length = (size_t)(ids.offsets[earlier + 1] - ids.offsets[earlier]);
            chain = chains.data + chains.offsets[earlier];
            chain_length = (size_t)(chains.offsets[earlier + 1] - chains.offsets[earlier]);
            roots[k] = roots[earlier];
        } else {
            bad = 1;
            break;
        }
        /* an id: the parent's, '>' and the flow; a chain: the parent's (if any), '>' and the flow */
        if (parent < 0) {
            failed = built_append(&ids, NULL, 0, flow, flow_length);
        } else {
            /* the parent's strings may live in the buffers being grown: copy first */
            char *copy = malloc(id_length + chain_length + 1);
            if (!copy) {
                failed = 1;
                break;
            }
            memcpy(copy, id, id_length);
            memcpy(copy + id_length, chain, chain_length);
            failed = built_append(&ids, copy, id_length, flow, flow_length) ||
                     built_append(&chains, copy + id_length, chain_length, flow, flow_length);
            free(copy);
        }
        ids.offsets[k + 1] = (int64_t)ids.size;
        chains.offsets[k + 1] = (int64_t)chains.size;
    }
    Py_END_ALLOW_THREADS
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "a parent out of range, or a bad string view");
        goto done;
    }
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    result = Py_BuildValue("(y#y#y#y#y#)", (char *)ids.offsets, (Py_ssize_t)(8 * (n_moved + 1)),
                           ids.data ? ids.data : "", (Py_ssize_t)ids.size, (char *)chains.offsets,
                           (Py_ssize_t)(8 * (n_moved + 1)), chains.data ? chains.data : "", (Py_ssize_t)chains.size,
                           (char *)roots, (Py_ssize_t)(8 * n_moved));
done:
    for (Py_ssize_t k = 0; k < held; k++) PyBuffer_Release(&views[k]);
    free(head_ids.buffers);
    free(head_chains.buffers);
    free(flows.buffers);
    free(ids.offsets);
    free(ids.data);
    free(chains.offsets);
    free(chains.data);
    free(roots);
    return result;
}

/* ---- 1099-DA pairing ------------------------------------------------------------------ */

typedef struct {
    i128 value; /* a sale's units or proceeds */
    int64_t sale;
} SaleValue;

typedef struct {
    int32_t day, asset;
    Py_ssize_t start, end; /* the run's sales: [start, end) of the sales and of each SaleValue array */
} SaleRun;

static int compare_sale_values(const void *a, const void *b) {
    i128 x = ((const SaleValue *)a)->value, y = ((const SaleValue *)b)->value;
    return (x > y) - (x < y);
}

static const i128 I128_MAX = (i128)(((u128)1 << 127) - 1);
static const i128 I128_MIN = -(i128)(((u128)1 << 127) - 1) - 1;
enum { MAX_PAIR_DAYS = 366 };

/* The run of the sales of `asset` sold on `day`, or NULL. */
static const SaleRun *find_run(const SaleRun *runs, Py_ssize_t n_runs, int32_t asset, int64_t day) {
    Py_ssize_t from = 0, to = n_runs;
    while (from < to) {
        Py_ssize_t middle = from + (to - from) / 2;
        const SaleRun *run = &runs[middle];
        if (run->day < day || (run->day == day && run->asset < asset)) from = middle + 1;
        else to = middle;
    }
    return from < n_runs && runs[from].day == day && runs[from].asset == asset ? &runs[from] : NULL;
}

static u128 apart(i128 a, i128 b) { return a >= b ? (u128)a - (u128)b : (u128)b - (u128)a; }

typedef struct {
    int64_t sale;
    u128 proceeds_apart;
} Choice;

/* Among the run's sales whose value is within `tolerance` of `value` and that no line took, the one
 * closest by proceeds, then the first, into *best when it is closer. */
static void closest_free(const SaleValue *sorted, const SaleRun *run, i128 value, i128 tolerance, i128 proceeds,
                         const i128 *sale_proceeds, const char *taken, Choice *best) {
    i128 low = value < I128_MIN + tolerance ? I128_MIN : value - tolerance;
    i128 high = value > I128_MAX - tolerance ? I128_MAX : value + tolerance;
    /* the first value from `low` on: a binary search without branches (runs are never empty) */
    const SaleValue *base = sorted + run->start;
    for (Py_ssize_t n = run->end - run->start; n > 1; n -= n / 2)
        base = base[n / 2].value < low ? base + n / 2 : base;
    for (Py_ssize_t k = base - sorted + (base->value < low); k < run->end && sorted[k].value <= high; k++) {
        int64_t sale = sorted[k].sale;
        if (taken[sale]) continue;
        u128 distance = apart(proceeds, sale_proceeds[sale]);
        if (best->sale < 0 || distance < best->proceeds_apart ||
            (distance == best->proceeds_apart && sale < best->sale)) {
            best->sale = sale;
            best->proceeds_apart = distance;
        }
    }
}

/* The sales' values in SaleValue order within each run. */
static void sort_in_runs(SaleValue *sorted, const i128 *values, const SaleRun *runs, Py_ssize_t n_runs) {
    for (Py_ssize_t r = 0; r < n_runs; r++) {
        for (Py_ssize_t k = runs[r].start; k < runs[r].end; k++) {
            sorted[k].value = values[k];
            sorted[k].sale = k;
        }
        qsort(sorted + runs[r].start, (size_t)(runs[r].end - runs[r].start), sizeof(SaleValue), compare_sale_values);
    }
}

enum { N_PAIR_BUFFERS = 9 };

PyDoc_STRVAR(pair_doc,
             "pair(n_lines, n_sales, line_asset, line_day, line_has_units, line_units, line_proceeds,\n"
             "     sale_asset, sale_day, sale_units, sale_proceeds, units_tolerance, amount_tolerance,\n"
             "     days) -> bytes\n\n"
             "1099-DA lines against sales (analytics/reports/reconciliation.py): each line, in order, takes the\n"
             "sale no earlier line took that fits it (same asset, sold at most `days` apart (0 to 366), units\n"
             "within units_tolerance when the line has units, or proceeds within amount_tolerance) and is\n"
             "closest: fewest days apart, then closest proceeds, then first. asset and day int32; has_units\n"
             "int8; units and proceeds int128. The sales are sorted by (day, asset). Returns, per line, the\n"
             "int64 position of the sale it took, or -1. A line's fitting sales are all looked at: many\n"
             "alike on one day (n) take n * n steps.");

static PyObject *pair(PyObject *self, PyObject *args) {
    Py_ssize_t n_lines, n_sales;
    long long units_tolerance, amount_tolerance;
    int days;
    PyObject *objects[N_PAIR_BUFFERS];
    if (!PyArg_ParseTuple(args, "nnOOOOOOOOOLLi", &n_lines, &n_sales, &objects[0], &objects[1], &objects[2],
                          &objects[3], &objects[4], &objects[5], &objects[6], &objects[7], &objects[8],
                          &units_tolerance, &amount_tolerance, &days))
        return NULL;
    if (n_lines < 0 || n_sales < 0 || units_tolerance < 0 || amount_tolerance < 0 || days < 0) {
        PyErr_SetString(PyExc_ValueError, "negative count, tolerance or days");
        return NULL;
    }
    if (days > MAX_PAIR_DAYS) {
        PyErr_SetString(PyExc_ValueError, "days apart over 366");
        return NULL;
    }
    Buffer buffers[N_PAIR_BUFFERS];
    memset(buffers, 0, sizeof(buffers));
    static const char *names[N_PAIR_BUFFERS] = {"line_asset", "line_day",   "line_has_units", "line_units",
                                                "line_proceeds", "sale_asset", "sale_day",     "sale_units",
                                                "sale_proceeds"};
    const Py_ssize_t widths[N_PAIR_BUFFERS] = {4, 4, 1, 16, 16, 4, 4, 16, 16};
    PyObject *result = NULL, *bytes = NULL;
    SaleRun *runs = NULL;
    SaleValue *by_units = NULL, *by_proceeds = NULL;
    char *taken = NULL;
    for (int i = 0; i < N_PAIR_BUFFERS; i++)
        if (get_buffer(objects[i], &buffers[i], i < 5 ? n_lines : n_sales, widths[i], names[i]) < 0) goto done;
    const int32_t *line_asset = buffers[0].view.buf, *line_day = buffers[1].view.buf;
    const int8_t *line_has_units = buffers[2].view.buf;
    const i128 *line_units = buffers[3].view.buf, *line_proceeds = buffers[4].view.buf;
    const int32_t *sale_asset = buffers[5].view.buf, *sale_day = buffers[6].view.buf;
    const i128 *sale_units = buffers[7].view.buf, *sale_proceeds = buffers[8].view.buf;
    Py_ssize_t n_runs = 0;
    for (Py_ssize_t k = 0; k < n_sales; k++) {
        int same_day = k && sale_day[k] == sale_day[k - 1];
        if (k && (sale_day[k] < sale_day[k - 1] || (same_day && sale_asset[k] < sale_asset[k - 1]))) {
            PyErr_SetString(PyExc_ValueError, "the sales are not sorted by day and asset");
            goto done;
        }
        n_runs += !same_day || sale_asset[k] != sale_asset[k - 1];
    }
    runs = malloc((size_t)(n_runs ? n_runs : 1) * sizeof(SaleRun));
    by_units = malloc((size_t)(n_sales ? n_sales : 1) * sizeof(SaleValue));
    by_proceeds = malloc((size_t)(n_sales ? n_sales : 1) * sizeof(SaleValue));
    taken = calloc((size_t)(n_sales ? n_sales : 1), 1);
    bytes = PyBytes_FromStringAndSize(NULL, n_lines * 8);
    if (!runs || !by_units || !by_proceeds || !taken) {
        PyErr_NoMemory();
        goto done;
    }
    if (!bytes) goto done;
    int64_t *took = (int64_t *)PyBytes_AS_STRING(bytes);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t k = 0, r = -1; k < n_sales; k++) {
        if (r < 0 || sale_day[k] != runs[r].day || sale_asset[k] != runs[r].asset)
            runs[++r] = (SaleRun){sale_day[k], sale_asset[k], k, k};
        runs[r].end = k + 1;
    }
    sort_in_runs(by_units, sale_units, runs, n_runs);
    sort_in_runs(by_proceeds, sale_proceeds, runs, n_runs);
    for (Py_ssize_t line = 0; line < n_lines; line++) {
        Choice best = {-1, 0};
        for (int distance = 0; distance <= days && best.sale < 0; distance++) {
            for (int side = distance ? -1 : 1; side <= 1; side += 2) {
                int64_t day = (int64_t)line_day[line] + side * distance;
                const SaleRun *run = find_run(runs, n_runs, line_asset[line], day);
                if (!run) continue;
                if (line_has_units[line])
                    closest_free(by_units, run, line_units[line], units_tolerance, line_proceeds[line], sale_proceeds,
                                 taken, &best);
                closest_free(by_proceeds, run, line_proceeds[line], amount_tolerance, line_proceeds[line],
                             sale_proceeds, taken, &best);
            }
        }
        if (best.sale >= 0) taken[best.sale] = 1;
        took[line] = best.sale;
    }
    Py_END_ALLOW_THREADS
    result = bytes;
    bytes = NULL;
done:
    Py_XDECREF(bytes);
    free(runs);
    free(by_units);
    free(by_proceeds);
    free(taken);
    for (int i = 0; i < N_PAIR_BUFFERS; i++)
        if (buffers[i].held) PyBuffer_Release(&buffers[i].view);
    return result;
}

/* Python ints within the signed 128-bit range, to and from int128. */
static int to_i128(PyObject *object, i128 *out) {
    unsigned char bytes[16];
    if (_PyLong_AsByteArray((PyLongObject *)object, bytes, 16, 1, 1) < 0) return -1;
    memcpy(out, bytes, 16);
    return 0;
}

static PyObject *from_i128(i128 value) {
    return _PyLong_FromByteArray((const unsigned char *)&value, 16, 1, 1);
}

/* ---- exact conversion ------------------------------------------------------------------ */

PyDoc_STRVAR(rescaled_doc,
             "rescaled(n, values, factors, divisor) -> bytes or None\n\n"
             "Per row, values[i] * factors[i] / divisor rounded half away from zero, exactly, as PostgreSQL's\n"
             "round() of a numeric product (values and factors int128, factors >= 0; divisor > 0, a Python\n"
             "int). Returns int128 values, or None when one is out of the int128 range.");

static PyObject *rescaled(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *objects[2], *divisor_object;
    if (!PyArg_ParseTuple(args, "nOOO!", &n, &objects[0], &objects[1], &PyLong_Type, &divisor_object))
        return NULL;
    i128 divisor;
    if (to_i128(divisor_object, &divisor)) return NULL;
    if (n < 0 || divisor <= 0) {
        PyErr_SetString(PyExc_ValueError, "a negative count or a divisor not above 0");
        return NULL;
    }
    Buffer buffers[2];
    memset(buffers, 0, sizeof(buffers));
    PyObject *result = NULL, *bytes = NULL;
    if (get_buffer(objects[0], &buffers[0], n, 16, "values") < 0 ||
        get_buffer(objects[1], &buffers[1], n, 16, "factors") < 0)
        goto done;
    const i128 *values = buffers[0].view.buf, *factors = buffers[1].view.buf;
    bytes = PyBytes_FromStringAndSize(NULL, n * 16);
    if (!bytes) goto done;
    i128 *out = (i128 *)PyBytes_AS_STRING(bytes);
    int fits = 1;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n && fits; i++) {
        u128 size = values[i] < 0 ? -(u128)values[i] : (u128)values[i];
        if (factors[i] < 0 || (u128)factors[i] > ((u128)1 << 126)) {
            fits = 0;
            break;
        }
        /* twice the quotient, floored, then halved rounding up: half away from zero on the size */
        uint64_t product[4];
        mul_128(size, (u128)factors[i] * 2, product);
        if ((((u128)product[3] << 64) | product[2]) >= (u128)divisor) {
            fits = 0; /* the quotient would not fit in 128 bits */
            break;
        }
        int exact;
        u128 twice = muldiv_u(size, (u128)factors[i] * 2, (u128)divisor, &exact);
        u128 rounded = (twice >> 1) + (twice & 1);
        if (rounded > (u128)I128_MAX) {
            fits = 0;
            break;
        }
        out[i] = values[i] < 0 ? -(i128)rounded : (i128)rounded;
    }
    Py_END_ALLOW_THREADS
    if (fits) {
        result = bytes;
        bytes = NULL;
    } else {
        result = Py_NewRef(Py_None);
    }
done:
    Py_XDECREF(bytes);
    for (int i = 0; i < 2; i++)
        if (buffers[i].held) PyBuffer_Release(&buffers[i].view);
    return result;
}

/* Test hooks: the exact arithmetic, on Python ints. */
static PyObject *py_floor_muldiv(PyObject *self, PyObject *args) {
    PyObject *a, *b, *c;
    i128 x, y, z;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyLong_Type, &a, &PyLong_Type, &b, &PyLong_Type, &c)) return NULL;
    if (to_i128(a, &x) || to_i128(b, &y) || to_i128(c, &z)) return NULL;
    if (y < 0 || z <= 0) {
        PyErr_SetString(PyExc_ValueError, "b >= 0 and c > 0");
        return NULL;
    }
    return from_i128(floor_muldiv(x, y, z));
}

static PyObject *py_compare_ratios(PyObject *self, PyObject *args) {
    PyObject *a, *b, *c, *d;
    i128 w, x, y, z;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &PyLong_Type, &a, &PyLong_Type, &b, &PyLong_Type, &c, &PyLong_Type, &d))
        return NULL;
    if (to_i128(a, &w) || to_i128(b, &x) || to_i128(c, &y) || to_i128(d, &z)) return NULL;
    return PyLong_FromLong(compare_ratios((u128)w, (u128)x, (u128)y, (u128)z));
}

static PyMethodDef methods[] = {
    {"match", match, METH_VARARGS, match_doc},
    {"value", value, METH_VARARGS, value_doc},
    {"order", order, METH_VARARGS, order_doc},
    {"csv", csv, METH_VARARGS, csv_doc},
    {"lineage", lineage, METH_VARARGS, lineage_doc},
    {"stripped", stripped, METH_VARARGS, stripped_doc},
    {"pair", pair, METH_VARARGS, pair_doc},
    {"rescaled", rescaled, METH_VARARGS, rescaled_doc},
    {"floor_muldiv", py_floor_muldiv, METH_VARARGS, "(a * b) // c, exactly, for -2**127 < a < 2**127, b >= 0, c > 0."},
    {"compare_ratios", py_compare_ratios, METH_VARARGS, "sign of a/b - c/d, exactly (a, c >= 0; b, d > 0)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "analytics.lots._c_core",
                                    "The lot engine's matching walk in C.", -1, methods};

PyMODINIT_FUNC PyInit__c_core(void) { return PyModule_Create(&module); }
