/* rotg_complex_body.h: complex ROTG for one type, included twice by rotg_complex.h with RC_T
 * (the complex type), RC_R (its real type), the function name RC_ROTG, RC_ABS, RC_SQRT and the
 * constants RC_SAFMIN, RC_SAFMAX defined; #undefs them. Every argument is read before any is
 * written, so they may be any four locations. */

/* The rotation [c s; -conj(s) c] taking (f, g) = (a, b) to (r, 0), c real, as the reference
 * BLAS zrotg.f90 (3.10 and later, with 3.12's care near underflow): c = |f| / h, s = sgn(f)
 * conj(g) / h, r = sgn(f) h, h = sqrt(|f|^2 + |g|^2), sgn(f) = f / |f| (1 for f = 0). The sums
 * of squares are formed unscaled when both max(|re|, |im|) lie in (rtmin, rtmax), else on f
 * and g scaled by u = max(|re|, |im|) clamped to [SAFMIN, SAFMAX] (f by its own scale v when
 * f / u would underflow, w = v / u rescaling it). g = 0 gives c = 1, s = 0, r = f; f = 0 gives
 * c = 0, s = conj(g) / |g|, r = |g|. On return a = r; b is not written. */
GBLAS_HD void RC_ROTG(RC_T *a, const RC_T *b, RC_R *c, RC_T *s) {
    const RC_R safmin = RC_SAFMIN, safmax = RC_SAFMAX, rtmin = RC_SQRT(RC_SAFMIN);
    const RC_T f = *a, g = *b;
    RC_R cv = 1;
    RC_T sv = {0, 0}, r = f;
    if (g.re == 0 && g.im == 0) {
        /* (f, 0): the identity */
    } else if (f.re == 0 && f.im == 0) {
        cv = 0;
        RC_R d, u = 1; /* |g| = d u; s = conj(g / u) / d */
        const RC_R g1 = RC_ABS(g.re) > RC_ABS(g.im) ? RC_ABS(g.re) : RC_ABS(g.im);
        if (g.re == 0 || g.im == 0) {
            d = g1;
        } else if (g1 > rtmin && g1 < RC_SQRT(safmax / 2)) {
            d = RC_SQRT(g.re * g.re + g.im * g.im);
        } else {
            u = g1 < safmin ? safmin : g1 > safmax ? safmax : g1;
            const RC_R re = g.re / u, im = g.im / u;
            d = RC_SQRT(re * re + im * im);
        }
        sv.re = (g.re / u) / d;
        sv.im = -(g.im / u) / d;
        r.re = d * u;
        r.im = 0;
    } else {
        const RC_R f1 = RC_ABS(f.re) > RC_ABS(f.im) ? RC_ABS(f.re) : RC_ABS(f.im);
        const RC_R g1 = RC_ABS(g.re) > RC_ABS(g.im) ? RC_ABS(g.re) : RC_ABS(g.im);
        RC_R rtmax = RC_SQRT(safmax / 4);
        /* fs, gs: f and g as scaled (by v and u; 1 unscaled); w = v / u */
        RC_R u = 1, w = 1;
        RC_T fs = f, gs = g;
        if (!(f1 > rtmin && f1 < rtmax && g1 > rtmin && g1 < rtmax)) {
            const RC_R m = f1 > g1 ? f1 : g1;
            u = m < safmin ? safmin : m > safmax ? safmax : m;
            gs.re = g.re / u;
            gs.im = g.im / u;
            RC_R v = u;
            if (f1 / u < rtmin) {
                v = f1 < safmin ? safmin : f1 > safmax ? safmax : f1;
                w = v / u;
            }
            fs.re = f.re / v;
            fs.im = f.im / v;
        }
        const RC_R f2 = fs.re * fs.re + fs.im * fs.im;
        const RC_R g2 = gs.re * gs.re + gs.im * gs.im;
        const RC_R h2 = w == 1 ? f2 + g2 : f2 * (w * w) + g2;
        RC_T q; /* s = conj(gs) q */
        if (f2 >= h2 * safmin) {
            cv = RC_SQRT(f2 / h2);
            r.re = fs.re / cv;
            r.im = fs.im / cv;
            rtmax = rtmax * 2;
            if (f2 > rtmin && h2 < rtmax) {
                const RC_R t = RC_SQRT(f2 * h2);
                q.re = fs.re / t;
                q.im = fs.im / t;
            } else {
                q.re = r.re / h2;
                q.im = r.im / h2;
            }
        } else { /* f2 / h2 may be subnormal: then h2 = g2 and sqrt(f2 h2) is in range */
            const RC_R d = RC_SQRT(f2 * h2);
            cv = f2 / d;
            if (cv >= safmin) {
                r.re = fs.re / cv;
                r.im = fs.im / cv;
            } else {
                const RC_R e = h2 / d;
                r.re = fs.re * e;
                r.im = fs.im * e;
            }
            q.re = fs.re / d;
            q.im = fs.im / d;
        }
        sv.re = gs.re * q.re + gs.im * q.im;
        sv.im = gs.re * q.im - gs.im * q.re;
        cv = cv * w;
        r.re = r.re * u;
        r.im = r.im * u;
    }
    *c = cv;
    *s = sv;
    *a = r;
}

#undef RC_T
#undef RC_R
#undef RC_ROTG
#undef RC_ABS
#undef RC_SQRT
#undef RC_SAFMIN
#undef RC_SAFMAX
