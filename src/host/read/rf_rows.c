/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a metric's "intervals" and "rounds" as rows (rf_int.h),
 * from jansson's objects or straight from the file's text.
 *
 * Why the text: a day-long every-CPU run on 256 CPUs holds 740,000 of
 * these small objects, and jansson's tree of them (a hash table and a
 * value each key) was 85% of reading such a file, several seconds and a
 * gigabyte. rtb_rf_fast_cut reads them in one pass into rows and leaves the
 * rest of the file, each cut array now [], to jansson. It is an
 * accelerator only: whatever it does not read exactly as jansson would
 * (an escape or a key it does not take in a row, a sign, a fraction where
 * a count belongs, a duplicate key, an integer past 64 bits) declines,
 * and the whole file is then read by jansson, so every file reads and
 * fails as before. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/read/rf_int.h"

const char *const rtb_rf_key_name[RK_N] = {
	"start_ns", "end_ns", "count", "sum_ns", "span_ns", "p50_ns", "p99_ns", "p99_9_ns",
	"max_ns", "mean_ns", "smi",
};
#define RK_OVER RK_N  /* "over", an interval's counts over thresholds */

/* the keys a row of each kind may have in the fast cut (bit per rf_key;
 * RK_OVER's bit: "over") */
#define KB(k) (1u << (k))
static const unsigned kind_keys[2] = {
	KB(RK_START) | KB(RK_END) | KB(RK_COUNT) | KB(RK_SUM) | KB(RK_SPAN) | KB(RK_P50) |
		KB(RK_P99) | KB(RK_P999) | KB(RK_MAX) | KB(RK_SMI) | KB(RK_OVER),
	KB(RK_COUNT) | KB(RK_P50) | KB(RK_P99) | KB(RK_P999) | KB(RK_MEAN) | KB(RK_MAX),
};

/* key_of - the rf_key named k[0..n), RK_OVER, or -1: by length and the
 * letters that tell the names apart (a row's keys are most of a big
 * file's text) */
static int key_of(const char *k, size_t n)
{
	int i = -1;

	switch (n) {
	case 3: i = RK_SMI; break;
	case 4: return !memcmp(k, "over", 4) ? RK_OVER : -1;
	case 5: i = RK_COUNT; break;
	case 6: i = k[0] == 'e' ? RK_END : k[0] == 's' ? RK_SUM : k[0] == 'p' && k[2] == '0' ?
		    RK_P50 : k[0] == 'p' ? RK_P99 : k[0] == 'm' ? RK_MAX : -1; break;
	case 7: i = k[0] == 's' && k[1] == 'p' ? RK_SPAN : k[0] == 'm' ? RK_MEAN : -1; break;
	case 8: i = k[0] == 's' ? RK_START : k[0] == 'p' ? RK_P999 : -1; break;
	default: return -1;
	}
	return i >= 0 && !memcmp(rtb_rf_key_name[i], k, n) ? i : -1;
}

/* rf_row_json - jansson object e as a row: what int_at, rtb_rf_opt_int and
 * their kin would find under each key */
static void rf_row_json(json_t *e, struct rf_row *r)
{
	memset(r, 0, sizeof(*r));
	r->isobj = json_is_object(e);
	if (!r->isobj)
		return;
	for (int k = 0; k < RK_N; k++) {
		json_t *v = json_object_get(e, rtb_rf_key_name[k]);
		r->st[k] = !v ? RF_ABSENT : json_is_null(v) ? RF_NULL : json_is_integer(v) ? RF_INT :
			   json_is_real(v) ? RF_REAL : RF_OTHER;
		if (r->st[k] == RF_INT)
			r->v[k] = (int64_t)json_integer_value(v);
		if (k == RK_MEAN && json_is_number(v))
			r->mean = json_number_value(v);
	}
	json_t *o = json_object_get(e, "over"), *x;
	size_t i;
	r->over_st = !o ? RF_ABSENT : json_is_null(o) ? RF_NULL : json_is_array(o) ? RF_INT : RF_OTHER;
	if (r->over_st != RF_INT)
		return;
	r->nover = json_array_size(o);
	json_array_foreach(o, i, x) {
		if (i >= RTB_RF_MAX_COUNTED)
			break;
		r->over[i] = json_is_integer(x) && json_integer_value(x) >= 0 ?
			     (int64_t)json_integer_value(x) : -1;
	}
}

const struct rf_row *rtb_rf_rows_get(const struct rf_rows *r, size_t i, struct rf_row *tmp)
{
	if (r->rows)
		return &r->rows[i];
	rf_row_json(json_array_get(r->arr, i), tmp);
	return tmp;
}

/* --- the fast cut ---------------------------------------------------- */

struct cut {
	const char *p, *e;
};

static void ws(struct cut *c)
{
	while (c->p < c->e && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

/* eat - the next non-blank is ch: past it, 1 */
static int eat(struct cut *c, char ch)
{
	ws(c);
	if (c->p < c->e && *c->p == ch) {
		c->p++;
		return 1;
	}
	return 0;
}

/* plain_key - a key without escapes or control characters: *k, *n */
static int plain_key(struct cut *c, const char **k, size_t *n)
{
	const char *q;

	if (!eat(c, '"'))
		return -1;
	for (q = c->p; q < c->e && *q != '"'; q++)
		if (*q == '\\' || (unsigned char)*q < 0x20)
			return -1;
	if (q >= c->e)
		return -1;
	*k = c->p;
	*n = (size_t)(q - c->p);
	c->p = q + 1;
	return eat(c, ':') ? 0 : -1;
}

/* number - a JSON integer without a sign into *v (it must not pass
 * INT64_MAX: jansson refuses the file then); real: it may be any JSON
 * number (*d, as jansson's strtod reads it). 0, 1 (a real), -1 declined. */
static int number(struct cut *c, int real_ok, int64_t *v, double *d)
{
	const char *a = c->p, *q = c->p;
	uint64_t x = 0;

	if (q >= c->e || *q < '0' || *q > '9')
		return -1;
	if (*q == '0' && q + 1 < c->e && q[1] >= '0' && q[1] <= '9')
		return -1;  /* a leading zero is not JSON */
	for (; q < c->e && *q >= '0' && *q <= '9'; q++) {
		if (x > (uint64_t)(INT64_MAX - (*q - '0')) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*q - '0');
	}
	c->p = q;
	*v = (int64_t)x;
	*d = (double)x;
	if (q >= c->e || (*q != '.' && *q != 'e' && *q != 'E'))
		return 0;
	if (!real_ok)
		return -1;
	if (*q == '.') {
		if (++q >= c->e || *q < '0' || *q > '9')
			return -1;
		while (q < c->e && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < c->e && (*q == 'e' || *q == 'E')) {
		if (++q < c->e && (*q == '+' || *q == '-'))
			q++;
		if (q >= c->e || *q < '0' || *q > '9')
			return -1;
		while (q < c->e && *q >= '0' && *q <= '9')
			q++;
	}
	char tok[64];
	if ((size_t)(q - a) >= sizeof(tok))
		return -1;
	memcpy(tok, a, (size_t)(q - a));
	tok[q - a] = 0;
	*d = strtod(tok, NULL);
	if (isinf(*d))
		return -1;  /* jansson: "real number overflow" */
	c->p = q;
	return 1;
}

/* over - "over": [counts] */
static int over(struct cut *c, struct rf_row *r)
{
	double d;
	int64_t v;

	r->over_st = RF_INT;
	if (eat(c, ']'))
		return 0;
	do {
		ws(c);
		if (r->nover >= RTB_RF_MAX_COUNTED || number(c, 0, &v, &d))
			return -1;
		r->over[r->nover++] = v;
	} while (eat(c, ','));
	return eat(c, ']') ? 0 : -1;
}

/* row - one object of kind (0 intervals, 1 rounds) into r */
static int row(struct cut *c, int kind, struct rf_row *r)
{
	unsigned seen = 0;
	const char *k;
	size_t n;

	memset(r, 0, sizeof(*r));
	r->isobj = 1;
	if (!eat(c, '{'))
		return -1;
	if (eat(c, '}'))
		return 0;
	do {
		int key;
		if (plain_key(c, &k, &n) || (key = key_of(k, n)) < 0 || !(kind_keys[kind] & KB(key)) ||
		    (seen & KB(key)))
			return -1;
		seen |= KB(key);
		ws(c);
		if (c->p >= c->e)
			return -1;
		if (key == RK_OVER) {
			if (*c->p == 'n' && c->e - c->p >= 4 && !memcmp(c->p, "null", 4))
				r->over_st = RF_NULL, c->p += 4;
			else if (!eat(c, '[') || over(c, r))
				return -1;
		} else if (*c->p == 'n') {
			if (c->e - c->p < 4 || memcmp(c->p, "null", 4))
				return -1;
			r->st[key] = RF_NULL;
			c->p += 4;
		} else {
			double d;
			int rc = number(c, key == RK_MEAN, &r->v[key], &d);
			if (rc < 0)
				return -1;
			r->st[key] = rc ? RF_REAL : RF_INT;
			if (key == RK_MEAN)
				r->mean = d;
		}
	} while (eat(c, ','));
	return eat(c, '}') ? 0 : -1;
}

/* rows - the array at c->p (after its '[') into fm's rows of kind */
static int rows(struct cut *c, int kind, struct rf_fast *f, struct rf_fast_metric *fm, size_t max_bytes)
{
	struct rf_row **pr = kind ? &fm->rd : &fm->iv;
	size_t *pn = kind ? &fm->nrd : &fm->niv, *pc = kind ? &fm->caprd : &fm->capiv;
	int *has = kind ? &fm->has_rd : &fm->has_iv;

	if (*has)
		return -1;  /* a duplicate key: jansson refuses the file */
	*has = 1;
	if (eat(c, ']'))
		return 0;
	do {
		if (*pn == *pc) {
			size_t nc = *pc ? 2 * *pc : 64;
			if (f->bytes + (nc - *pc) * sizeof(**pr) > max_bytes)
				return -1;
			struct rf_row *nr = realloc(*pr, nc * sizeof(**pr));
			if (!nr)
				return -1;
			f->bytes += (nc - *pc) * sizeof(**pr);
			*pr = nr;
			*pc = nc;
		}
		if (row(c, kind, &(*pr)[*pn]))
			return -1;
		(*pn)++;
	} while (eat(c, ','));
	return eat(c, ']') ? 0 : -1;
}

/* skip_string - c->p at a '"': past its closing quote */
static int skip_string(struct cut *c)
{
	const char *q = c->p + 1;

	while (q < c->e) {
		const char *z = memchr(q, '"', (size_t)(c->e - q));
		if (!z)
			return -1;
		size_t bs = 0;  /* backslashes right before it: odd escapes it */
		while (z - bs > q && z[-1 - (ptrdiff_t)bs] == '\\')
			bs++;
		if (!(bs & 1)) {
			c->p = z + 1;
			return 0;
		}
		q = z + 1;
	}
	return -1;
}

/* emit - text kept for jansson (never longer than the file: each cut
 * array of at least 2 bytes becomes []) */
static void emit(struct rf_fast *f, const char *a, size_t n)
{
	memcpy(f->text + f->len, a, n);
	f->len += n;
}

/* is - the key k[0..n) is want */
static int is(const char *k, size_t n, const char *want)
{
	return strlen(want) == n && !memcmp(k, want, n);
}

void rtb_rf_fast_free(struct rf_fast *f)
{
	for (size_t i = 0; i < f->nmetrics; i++) {
		free(f->m[i].iv);
		free(f->m[i].rd);
	}
	free(f->m);
	free(f->text);
	memset(f, 0, sizeof(*f));
}

int rtb_rf_fast_rows(const struct rf_fast *f, size_t idx, int rounds, struct rf_rows *r)
{
	const struct rf_fast_metric *fm;

	if (!f || idx >= f->nmetrics)
		return 0;
	fm = &f->m[idx];
	if (!(rounds ? fm->has_rd : fm->has_iv))
		return 0;
	r->arr = NULL;
	r->rows = rounds ? fm->rd : fm->iv;
	r->n = rounds ? fm->nrd : fm->niv;
	return 1;
}

/* new_metric - the next element of "metrics" begins */
static int new_metric(struct rf_fast *f)
{
	if (f->nmetrics == f->cap) {
		size_t nc = f->cap ? 2 * f->cap : 64;
		struct rf_fast_metric *m = realloc(f->m, nc * sizeof(*m));
		if (!m)
			return -1;
		memset(m + f->cap, 0, (nc - f->cap) * sizeof(*m));
		f->m = m;
		f->cap = nc;
	}
	f->nmetrics++;
	return 0;
}

/* The walk keeps only what places a value: the depth, whether the root's
 * "metrics" array is open (at depth 2; its elements, depth 3, must be
 * objects), and a key at depth 1 or 3. Strings are skipped whole, so a
 * bracket inside one is text. */
int rtb_rf_fast_cut(const char *buf, size_t len, size_t max_bytes, struct rf_fast *f)
{
	struct cut c = { buf, buf + len };
	const char *from = buf;  /* text not yet copied */
	int depth = 0, in_metrics = 0, root_obj = 0, metrics_key = 0;

	memset(f, 0, sizeof(*f));
	if (!(f->text = malloc(len + 1)))
		return -1;
	while (c.p < c.e) {
		char ch = *c.p;
		if (ch == '"') {
			const char *k = c.p + 1;
			if ((depth == 2 && in_metrics) || skip_string(&c))
				goto no;
			size_t n = (size_t)(c.p - 1 - k);
			struct cut t = c;
			if (!eat(&t, ':'))
				continue;  /* a value, not a key */
			if (depth == 1 && root_obj) {
				metrics_key = is(k, n, "metrics");
			} else if (depth == 3 && in_metrics && (is(k, n, "intervals") || is(k, n, "rounds"))) {
				ws(&t);
				if (t.p >= t.e || *t.p != '[')
					continue;
				emit(f, from, (size_t)(t.p - from));
				emit(f, "[]", 2);
				t.p++;
				if (rows(&t, k[0] == 'r', f, &f->m[f->nmetrics - 1], max_bytes))
					goto no;
				c = t;
				from = c.p;
			}
			continue;
		}
		if (ch == '{' || ch == '[') {
			if (depth == 0)
				root_obj = ch == '{';
			if (depth == 1 && ch == '[' && metrics_key)
				in_metrics = 1;
			if (depth == 2 && in_metrics && (ch != '{' || new_metric(f)))
				goto no;
			depth++;
		} else if (ch == '}' || ch == ']') {
			depth--;
			if (depth == 1)
				in_metrics = 0;
			if (depth < 0)
				goto no;
		} else if (depth == 2 && in_metrics && ch != ',' && ch != ' ' && ch != '\n' &&
			   ch != '\t' && ch != '\r') {
			goto no;  /* an element of "metrics" that is no object */
		}
		c.p++;
	}
	emit(f, from, (size_t)(c.e - from));
	f->text[f->len] = 0;
	return 0;
no:
	rtb_rf_fast_free(f);
	return -1;
}
