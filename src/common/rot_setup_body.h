/* rot_setup_body.h: ROTG and ROTMG for one real type, included twice by rot_setup.h with
 * RS_T, the function names RS_ROTG and RS_ROTMG, RS_ABS, RS_SQRT, RS_COPYSIGN, RS_ISFINITE
 * and the constants RS_SAFMIN, RS_SAFMAX, RS_GAM, RS_GAMSQ, RS_RGAMSQ defined; #undefs them.
 * Every argument is read before any is written, so they may be any four (five) locations. */

/* The rotation [c s; -s c] taking (a, b) to (r, 0), as reference BLAS 3.10 rotg.f90: a and b
 * scaled by scl (clamped to [SAFMIN, SAFMAX]) inside the square root, r with the sign of the
 * larger of |a|, |b| (b's on a tie); on return a = r, b = z, the value from which c and s can
 * be rebuilt (z = s when |a| > |b|, else 1 / c, or 1 when c = 0). b = 0 gives c = 1, s = 0,
 * a kept; a = 0 (b != 0) gives c = 0, s = 1, r = b, z = 1. */
GBLAS_HD void RS_ROTG(RS_T *a, RS_T *b, RS_T *c, RS_T *s) {
    const RS_T av = *a, bv = *b;
    const RS_T anorm = RS_ABS(av), bnorm = RS_ABS(bv);
    RS_T r = av, z = 0, cv = 1, sv = 0;
    if (bnorm == 0) {
        /* (a, 0): the identity */
    } else if (anorm == 0) {
        cv = 0;
        sv = 1;
        r = bv;
        z = 1;
    } else {
        RS_T scl = anorm > bnorm ? anorm : bnorm;
        scl = scl < RS_SAFMIN ? RS_SAFMIN : scl > RS_SAFMAX ? RS_SAFMAX : scl;
        const RS_T sigma = RS_COPYSIGN((RS_T)1, anorm > bnorm ? av : bv);
        const RS_T as = av / scl, bs = bv / scl;
        r = sigma * (scl * RS_SQRT(as * as + bs * bs));
        cv = av / r;
        sv = bv / r;
        z = anorm > bnorm ? sv : cv != 0 ? 1 / cv : 1;
    }
    *c = cv;
    *s = sv;
    *a = r;
    *b = z;
}

/* The modified Givens transformation H zeroing the second component of (sqrt(d1) x1,
 * sqrt(d2) y1), as reference BLAS drotmg.f: updates d1, d2 and x1 and writes param[0] = flag
 * (-2: H = I, nothing else written; -1: full H in param[1..4] = h11, h21, h12, h22; 0: h21
 * and h12 only; 1: h11 and h22 only). d1 < 0, or a non-positive update factor, zeroes H, d1,
 * d2 and x1 (flag -1). d1 and d2 are then rescaled by GAM^2 until they lie within
 * [RGAMSQ, GAMSQ] in magnitude, H following; an infinite d1 or d2 is left unscaled (the
 * reference loops forever on it). */
GBLAS_HD void RS_ROTMG(RS_T *d1p, RS_T *d2p, RS_T *x1p, const RS_T *y1p, RS_T *param) {
    RS_T d1 = *d1p, d2 = *d2p, x1 = *x1p;
    const RS_T y1 = *y1p;
    RS_T flag, h11 = 0, h12 = 0, h21 = 0, h22 = 0;
    if (d1 < 0) {
        flag = -1;
        d1 = d2 = x1 = 0;
    } else {
        const RS_T p2 = d2 * y1;
        if (p2 == 0) {
            param[0] = -2;
            return;
        }
        const RS_T p1 = d1 * x1, q2 = p2 * y1, q1 = p1 * x1;
        if (RS_ABS(q1) > RS_ABS(q2)) {
            h21 = -y1 / x1;
            h12 = p2 / p1;
            const RS_T u = 1 - h12 * h21;
            if (u > 0) {
                flag = 0;
                d1 = d1 / u;
                d2 = d2 / u;
                x1 = x1 * u;
            } else { /* only through rounding (DOI 10.1145/355841.355847) */
                flag = -1;
                h11 = h12 = h21 = h22 = 0;
                d1 = d2 = x1 = 0;
            }
        } else if (q2 < 0) {
            flag = -1;
            d1 = d2 = x1 = 0;
        } else {
            flag = 1;
            h11 = p1 / p2;
            h22 = x1 / y1;
            const RS_T u = 1 + h11 * h22, t = d2 / u;
            d2 = d1 / u;
            d1 = t;
            x1 = y1 * u;
        }
        /* Scale check: a flag of 0 or 1 becomes -1 (full H) before the first rescaling. */
        if (d1 != 0) {
            while (RS_ISFINITE(d1) && (d1 <= RS_RGAMSQ || d1 >= RS_GAMSQ)) {
                if (flag == 0) {
                    h11 = h22 = 1;
                    flag = -1;
                } else if (flag == 1) {
                    h21 = -1;
                    h12 = 1;
                    flag = -1;
                }
                if (d1 <= RS_RGAMSQ) {
                    d1 = d1 * (RS_GAM * RS_GAM);
                    x1 = x1 / RS_GAM;
                    h11 = h11 / RS_GAM;
                    h12 = h12 / RS_GAM;
                } else {
                    d1 = d1 / (RS_GAM * RS_GAM);
                    x1 = x1 * RS_GAM;
                    h11 = h11 * RS_GAM;
                    h12 = h12 * RS_GAM;
                }
            }
        }
        if (d2 != 0) {
            while (RS_ISFINITE(d2) && (RS_ABS(d2) <= RS_RGAMSQ || RS_ABS(d2) >= RS_GAMSQ)) {
                if (flag == 0) {
                    h11 = h22 = 1;
                    flag = -1;
                } else if (flag == 1) {
                    h21 = -1;
                    h12 = 1;
                    flag = -1;
                }
                if (RS_ABS(d2) <= RS_RGAMSQ) {
                    d2 = d2 * (RS_GAM * RS_GAM);
                    h21 = h21 / RS_GAM;
                    h22 = h22 / RS_GAM;
                } else {
                    d2 = d2 / (RS_GAM * RS_GAM);
                    h21 = h21 * RS_GAM;
                    h22 = h22 * RS_GAM;
                }
            }
        }
    }
    if (flag < 0) {
        param[1] = h11;
        param[2] = h21;
        param[3] = h12;
        param[4] = h22;
    } else if (flag == 0) {
        param[2] = h21;
        param[3] = h12;
    } else {
        param[1] = h11;
        param[4] = h22;
    }
    param[0] = flag;
    *d1p = d1;
    *d2p = d2;
    *x1p = x1;
}

#undef RS_T
#undef RS_ROTG
#undef RS_ROTMG
#undef RS_ABS
#undef RS_SQRT
#undef RS_COPYSIGN
#undef RS_ISFINITE
#undef RS_SAFMIN
#undef RS_SAFMAX
#undef RS_GAM
#undef RS_GAMSQ
#undef RS_RGAMSQ
