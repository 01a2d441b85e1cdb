#define rand	pan_rand
#define pthread_equal(a,b)	((a)==(b))
#if defined(HAS_CODE) && defined(VERBOSE)
	#ifdef BFS_PAR
		bfs_printf("Pr: %d Tr: %d\n", II, t->forw);
	#else
		cpu_printf("Pr: %d Tr: %d\n", II, t->forw);
	#endif
#endif
	switch (t->forw) {
	default: Uerror("bad forward move");
	case 0:	/* if without executable clauses */
		continue;
	case 1: /* generic 'goto' or 'skip' */
		IfNotBlocked
		_m = 3; goto P999;
	case 2: /* generic 'else' */
		IfNotBlocked
		if (trpt->o_pm&1) continue;
		_m = 3; goto P999;

		 /* PROC :init: */
	case 3: // STATE 1 - claim.pml:175 - [open = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[5][1] = 1;
		(trpt+1)->bup.oval = ((int)now.open);
		now.open = 1;
#ifdef VAR_RANGES
		logval("open", ((int)now.open));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 4: // STATE 2 - claim.pml:176 - [open = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[5][2] = 1;
		(trpt+1)->bup.oval = ((int)now.open);
		now.open = 0;
#ifdef VAR_RANGES
		logval("open", ((int)now.open));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 5: // STATE 5 - claim.pml:179 - [(run clock())] (0:0:0 - 1)
		IfNotBlocked
		reached[5][5] = 1;
		if (!(addproc(II, 1, 0, 0, 0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 6: // STATE 6 - claim.pml:179 - [(run esm())] (0:0:0 - 1)
		IfNotBlocked
		reached[5][6] = 1;
		if (!(addproc(II, 1, 4, 0, 0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 7: // STATE 8 - claim.pml:180 - [-end-] (0:0:0 - 1)
		IfNotBlocked
		reached[5][8] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */

		 /* PROC esm */
	case 8: // STATE 1 - esm.pml:21 - [from[next] = committed] (0:3:2 - 1)
		IfNotBlocked
		reached[4][1] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]);
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:from[esm:next]", ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]));
#endif
		;
		/* merge: alive = (alive+1)(3, 2, 3) */
		reached[4][2] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 9: // STATE 3 - esm.pml:23 - [(run invocation(next,committed))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][3] = 1;
		if (!(addproc(II, 1, 3, ((int)((P4 *)_this)->next), ((int)now.committed))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 10: // STATE 4 - esm.pml:24 - [inflight = (inflight+1)] (0:372:2 - 1)
		IfNotBlocked
		reached[4][4] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)+1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		/* merge: next = (next+1)(372, 5, 372) */
		reached[4][5] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->next);
		((P4 *)_this)->next = (((int)((P4 *)_this)->next)+1);
#ifdef VAR_RANGES
		logval("esm:next", ((int)((P4 *)_this)->next));
#endif
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 11: // STATE 8 - esm.pml:75 - [((!(seen[0])&&(answer[0]!=0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][8] = 1;
		if (!(( !(((int)((P4 *)_this)->seen[0]))&&(((int)now.answer[0])!=0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 12: // STATE 9 - esm.pml:32 - [seen[0] = 1] (0:119:2 - 1)
		IfNotBlocked
		reached[4][9] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->seen[0]);
		((P4 *)_this)->seen[0] = 1;
#ifdef VAR_RANGES
		logval("esm:seen[0]", ((int)((P4 *)_this)->seen[0]));
#endif
		;
		/* merge: inflight = (inflight-1)(119, 10, 119) */
		reached[4][10] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)-1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 13: // STATE 11 - esm.pml:35 - [((answer[0]==1))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][11] = 1;
		if (!((((int)now.answer[0])==1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 14: // STATE 12 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][12] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 15: // STATE 13 - esm.pml:12 - [((e<2))] (18:0:1 - 1)
		IfNotBlocked
		reached[4][13] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(18, 14, 18) */
		reached[4][14] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(18, 15, 18) */
		reached[4][15] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 19, 18) */
		reached[4][19] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 16: // STATE 21 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][21] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 22, 372) */
		reached[4][22] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 26, 372) */
		reached[4][26] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 17: // STATE 26 - esm.pml:16 - [.(goto)] (0:372:0 - 2)
		IfNotBlocked
		reached[4][26] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 18: // STATE 24 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][24] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 26, 372) */
		reached[4][26] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 19: // STATE 120 - esm.pml:63 - [.(goto)] (0:372:0 - 3)
		IfNotBlocked
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 20: // STATE 29 - esm.pml:36 - [((answer[0]>=3))] (69:0:2 - 1)
		IfNotBlocked
		reached[4][29] = 1;
		if (!((((int)now.answer[0])>=3)))
			continue;
		/* merge: f = (answer[0]-3)(69, 30, 69) */
		reached[4][30] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->f);
		((P4 *)_this)->f = (((int)now.answer[0])-3);
#ifdef VAR_RANGES
		logval("esm:f", ((int)((P4 *)_this)->f));
#endif
		;
		/* merge: attempts[f] = (attempts[f]+1)(69, 31, 69) */
		reached[4][31] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:f]", ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 21: // STATE 32 - esm.pml:41 - [((attempts[f]>1))] (50:0:1 - 1)
		IfNotBlocked
		reached[4][32] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])>1)))
			continue;
		/* merge: dlq[f] = 1(0, 33, 50) */
		reached[4][33] = 1;
		(trpt+1)->bup.oval = ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:f]", ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 22: // STATE 34 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][34] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 23: // STATE 35 - esm.pml:12 - [((e<(f+1)))] (40:0:1 - 1)
		IfNotBlocked
		reached[4][35] = 1;
		if (!((((int)((P4 *)_this)->e)<(((int)((P4 *)_this)->f)+1))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(40, 36, 40) */
		reached[4][36] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(40, 37, 40) */
		reached[4][37] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 41, 40) */
		reached[4][41] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 24: // STATE 43 - esm.pml:15 - [(((f+1)>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][43] = 1;
		if (!(((((int)((P4 *)_this)->f)+1)>((int)now.committed))))
			continue;
		/* merge: committed = (f+1)(372, 44, 372) */
		reached[4][44] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = (((int)((P4 *)_this)->f)+1);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 48, 372) */
		reached[4][48] = 1;
		;
		/* merge: .(goto)(372, 70, 372) */
		reached[4][70] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 25: // STATE 46 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][46] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 48, 372) */
		reached[4][48] = 1;
		;
		/* merge: .(goto)(372, 70, 372) */
		reached[4][70] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 26: // STATE 70 - esm.pml:44 - [.(goto)] (0:372:0 - 6)
		IfNotBlocked
		reached[4][70] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 27: // STATE 52 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][52] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 28: // STATE 53 - esm.pml:12 - [((e<f))] (58:0:1 - 1)
		IfNotBlocked
		reached[4][53] = 1;
		if (!((((int)((P4 *)_this)->e)<((int)((P4 *)_this)->f))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(58, 54, 58) */
		reached[4][54] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(58, 55, 58) */
		reached[4][55] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 59, 58) */
		reached[4][59] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 29: // STATE 61 - esm.pml:15 - [((f>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][61] = 1;
		if (!((((int)((P4 *)_this)->f)>((int)now.committed))))
			continue;
		/* merge: committed = f(372, 62, 372) */
		reached[4][62] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = ((int)((P4 *)_this)->f);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 66, 372) */
		reached[4][66] = 1;
		;
		/* merge: .(goto)(372, 70, 372) */
		reached[4][70] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 30: // STATE 64 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][64] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 66, 372) */
		reached[4][66] = 1;
		;
		/* merge: .(goto)(372, 70, 372) */
		reached[4][70] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 31: // STATE 71 - esm.pml:44 - [((answer[0]==2))] (85:0:2 - 1)
		IfNotBlocked
		reached[4][71] = 1;
		if (!((((int)now.answer[0])==2)))
			continue;
		/* merge: exhausted = 0(85, 72, 85) */
		reached[4][72] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 0;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: e = from[0](85, 73, 85) */
		reached[4][73] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[0]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[4][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 32: // STATE 74 - esm.pml:49 - [((e<2))] (80:0:1 - 1)
		IfNotBlocked
		reached[4][74] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: attempts[e] = (attempts[e]+1)(0, 75, 80) */
		reached[4][75] = 1;
		(trpt+1)->bup.oval = ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:e]", ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 33: // STATE 76 - esm.pml:49 - [((attempts[e]>1))] (85:0:2 - 1)
		IfNotBlocked
		reached[4][76] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])>1)))
			continue;
		/* merge: exhausted = 1(85, 77, 85) */
		reached[4][77] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 1;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: .(goto)(85, 81, 85) */
		reached[4][81] = 1;
		;
		/* merge: e = (e+1)(85, 82, 85) */
		reached[4][82] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[4][86] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 34: // STATE 79 - esm.pml:49 - [(1)] (85:0:1 - 1)
		IfNotBlocked
		reached[4][79] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(85, 81, 85) */
		reached[4][81] = 1;
		;
		/* merge: e = (e+1)(85, 82, 85) */
		reached[4][82] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[4][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 35: // STATE 82 - esm.pml:49 - [e = (e+1)] (0:85:1 - 3)
		IfNotBlocked
		reached[4][82] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[4][86] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 36: // STATE 88 - esm.pml:53 - [(exhausted)] (95:0:2 - 1)
		IfNotBlocked
		reached[4][88] = 1;
		if (!(((int)((P4 *)_this)->exhausted)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: exhausted */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P4 *)_this)->exhausted;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->exhausted = 0;
		/* merge: e = from[0](0, 89, 95) */
		reached[4][89] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[0]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 96, 95) */
		reached[4][96] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 37: // STATE 90 - esm.pml:56 - [((e<2))] (95:0:2 - 1)
		IfNotBlocked
		reached[4][90] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: dlq[e] = 1(95, 91, 95) */
		reached[4][91] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:e]", ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		/* merge: e = (e+1)(95, 92, 95) */
		reached[4][92] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 96, 95) */
		reached[4][96] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 38: // STATE 98 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][98] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 39: // STATE 99 - esm.pml:12 - [((e<2))] (104:0:1 - 1)
		IfNotBlocked
		reached[4][99] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(104, 100, 104) */
		reached[4][100] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(104, 101, 104) */
		reached[4][101] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 105, 104) */
		reached[4][105] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 40: // STATE 107 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][107] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 108, 372) */
		reached[4][108] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 112, 372) */
		reached[4][112] = 1;
		;
		/* merge: .(goto)(372, 118, 372) */
		reached[4][118] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 41: // STATE 110 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][110] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 112, 372) */
		reached[4][112] = 1;
		;
		/* merge: .(goto)(372, 118, 372) */
		reached[4][118] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 42: // STATE 118 - esm.pml:62 - [.(goto)] (0:372:0 - 4)
		IfNotBlocked
		reached[4][118] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 43: // STATE 116 - esm.pml:60 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][116] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 118, 372) */
		reached[4][118] = 1;
		;
		/* merge: .(goto)(372, 120, 372) */
		reached[4][120] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 44: // STATE 123 - esm.pml:76 - [((!(seen[1])&&(answer[1]!=0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][123] = 1;
		if (!(( !(((int)((P4 *)_this)->seen[1]))&&(((int)now.answer[1])!=0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 45: // STATE 124 - esm.pml:32 - [seen[1] = 1] (0:234:2 - 1)
		IfNotBlocked
		reached[4][124] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->seen[1]);
		((P4 *)_this)->seen[1] = 1;
#ifdef VAR_RANGES
		logval("esm:seen[1]", ((int)((P4 *)_this)->seen[1]));
#endif
		;
		/* merge: inflight = (inflight-1)(234, 125, 234) */
		reached[4][125] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)-1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 46: // STATE 126 - esm.pml:35 - [((answer[1]==1))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][126] = 1;
		if (!((((int)now.answer[1])==1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 47: // STATE 127 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][127] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 48: // STATE 128 - esm.pml:12 - [((e<2))] (133:0:1 - 1)
		IfNotBlocked
		reached[4][128] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(133, 129, 133) */
		reached[4][129] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(133, 130, 133) */
		reached[4][130] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 134, 133) */
		reached[4][134] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 49: // STATE 136 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][136] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 137, 372) */
		reached[4][137] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 141, 372) */
		reached[4][141] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 50: // STATE 141 - esm.pml:16 - [.(goto)] (0:372:0 - 2)
		IfNotBlocked
		reached[4][141] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 51: // STATE 139 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][139] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 141, 372) */
		reached[4][141] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 52: // STATE 235 - esm.pml:63 - [.(goto)] (0:372:0 - 3)
		IfNotBlocked
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 53: // STATE 144 - esm.pml:36 - [((answer[1]>=3))] (184:0:2 - 1)
		IfNotBlocked
		reached[4][144] = 1;
		if (!((((int)now.answer[1])>=3)))
			continue;
		/* merge: f = (answer[1]-3)(184, 145, 184) */
		reached[4][145] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->f);
		((P4 *)_this)->f = (((int)now.answer[1])-3);
#ifdef VAR_RANGES
		logval("esm:f", ((int)((P4 *)_this)->f));
#endif
		;
		/* merge: attempts[f] = (attempts[f]+1)(184, 146, 184) */
		reached[4][146] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:f]", ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 54: // STATE 147 - esm.pml:41 - [((attempts[f]>1))] (165:0:1 - 1)
		IfNotBlocked
		reached[4][147] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])>1)))
			continue;
		/* merge: dlq[f] = 1(0, 148, 165) */
		reached[4][148] = 1;
		(trpt+1)->bup.oval = ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:f]", ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 55: // STATE 149 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][149] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 56: // STATE 150 - esm.pml:12 - [((e<(f+1)))] (155:0:1 - 1)
		IfNotBlocked
		reached[4][150] = 1;
		if (!((((int)((P4 *)_this)->e)<(((int)((P4 *)_this)->f)+1))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(155, 151, 155) */
		reached[4][151] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(155, 152, 155) */
		reached[4][152] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 156, 155) */
		reached[4][156] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 57: // STATE 158 - esm.pml:15 - [(((f+1)>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][158] = 1;
		if (!(((((int)((P4 *)_this)->f)+1)>((int)now.committed))))
			continue;
		/* merge: committed = (f+1)(372, 159, 372) */
		reached[4][159] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = (((int)((P4 *)_this)->f)+1);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 163, 372) */
		reached[4][163] = 1;
		;
		/* merge: .(goto)(372, 185, 372) */
		reached[4][185] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 58: // STATE 161 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][161] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 163, 372) */
		reached[4][163] = 1;
		;
		/* merge: .(goto)(372, 185, 372) */
		reached[4][185] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 59: // STATE 185 - esm.pml:44 - [.(goto)] (0:372:0 - 6)
		IfNotBlocked
		reached[4][185] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 60: // STATE 167 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][167] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 61: // STATE 168 - esm.pml:12 - [((e<f))] (173:0:1 - 1)
		IfNotBlocked
		reached[4][168] = 1;
		if (!((((int)((P4 *)_this)->e)<((int)((P4 *)_this)->f))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(173, 169, 173) */
		reached[4][169] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(173, 170, 173) */
		reached[4][170] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 174, 173) */
		reached[4][174] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 62: // STATE 176 - esm.pml:15 - [((f>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][176] = 1;
		if (!((((int)((P4 *)_this)->f)>((int)now.committed))))
			continue;
		/* merge: committed = f(372, 177, 372) */
		reached[4][177] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = ((int)((P4 *)_this)->f);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 181, 372) */
		reached[4][181] = 1;
		;
		/* merge: .(goto)(372, 185, 372) */
		reached[4][185] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 63: // STATE 179 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][179] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 181, 372) */
		reached[4][181] = 1;
		;
		/* merge: .(goto)(372, 185, 372) */
		reached[4][185] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 64: // STATE 186 - esm.pml:44 - [((answer[1]==2))] (200:0:2 - 1)
		IfNotBlocked
		reached[4][186] = 1;
		if (!((((int)now.answer[1])==2)))
			continue;
		/* merge: exhausted = 0(200, 187, 200) */
		reached[4][187] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 0;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: e = from[1](200, 188, 200) */
		reached[4][188] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[1]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 201, 200) */
		reached[4][201] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 65: // STATE 189 - esm.pml:49 - [((e<2))] (195:0:1 - 1)
		IfNotBlocked
		reached[4][189] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: attempts[e] = (attempts[e]+1)(0, 190, 195) */
		reached[4][190] = 1;
		(trpt+1)->bup.oval = ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:e]", ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 66: // STATE 191 - esm.pml:49 - [((attempts[e]>1))] (200:0:2 - 1)
		IfNotBlocked
		reached[4][191] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])>1)))
			continue;
		/* merge: exhausted = 1(200, 192, 200) */
		reached[4][192] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 1;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: .(goto)(200, 196, 200) */
		reached[4][196] = 1;
		;
		/* merge: e = (e+1)(200, 197, 200) */
		reached[4][197] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 201, 200) */
		reached[4][201] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 67: // STATE 194 - esm.pml:49 - [(1)] (200:0:1 - 1)
		IfNotBlocked
		reached[4][194] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(200, 196, 200) */
		reached[4][196] = 1;
		;
		/* merge: e = (e+1)(200, 197, 200) */
		reached[4][197] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 201, 200) */
		reached[4][201] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 68: // STATE 197 - esm.pml:49 - [e = (e+1)] (0:200:1 - 3)
		IfNotBlocked
		reached[4][197] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 201, 200) */
		reached[4][201] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 69: // STATE 203 - esm.pml:53 - [(exhausted)] (210:0:2 - 1)
		IfNotBlocked
		reached[4][203] = 1;
		if (!(((int)((P4 *)_this)->exhausted)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: exhausted */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P4 *)_this)->exhausted;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->exhausted = 0;
		/* merge: e = from[1](0, 204, 210) */
		reached[4][204] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[1]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 211, 210) */
		reached[4][211] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 70: // STATE 205 - esm.pml:56 - [((e<2))] (210:0:2 - 1)
		IfNotBlocked
		reached[4][205] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: dlq[e] = 1(210, 206, 210) */
		reached[4][206] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:e]", ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		/* merge: e = (e+1)(210, 207, 210) */
		reached[4][207] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 211, 210) */
		reached[4][211] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 71: // STATE 213 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][213] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 72: // STATE 214 - esm.pml:12 - [((e<2))] (219:0:1 - 1)
		IfNotBlocked
		reached[4][214] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(219, 215, 219) */
		reached[4][215] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(219, 216, 219) */
		reached[4][216] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 220, 219) */
		reached[4][220] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 73: // STATE 222 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][222] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 223, 372) */
		reached[4][223] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 227, 372) */
		reached[4][227] = 1;
		;
		/* merge: .(goto)(372, 233, 372) */
		reached[4][233] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 74: // STATE 225 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][225] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 227, 372) */
		reached[4][227] = 1;
		;
		/* merge: .(goto)(372, 233, 372) */
		reached[4][233] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 75: // STATE 233 - esm.pml:62 - [.(goto)] (0:372:0 - 4)
		IfNotBlocked
		reached[4][233] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 76: // STATE 231 - esm.pml:60 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][231] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 233, 372) */
		reached[4][233] = 1;
		;
		/* merge: .(goto)(372, 235, 372) */
		reached[4][235] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 77: // STATE 238 - esm.pml:77 - [((!(seen[2])&&(answer[2]!=0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][238] = 1;
		if (!(( !(((int)((P4 *)_this)->seen[2]))&&(((int)now.answer[2])!=0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 78: // STATE 239 - esm.pml:32 - [seen[2] = 1] (0:349:2 - 1)
		IfNotBlocked
		reached[4][239] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->seen[2]);
		((P4 *)_this)->seen[2] = 1;
#ifdef VAR_RANGES
		logval("esm:seen[2]", ((int)((P4 *)_this)->seen[2]));
#endif
		;
		/* merge: inflight = (inflight-1)(349, 240, 349) */
		reached[4][240] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)-1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 79: // STATE 241 - esm.pml:35 - [((answer[2]==1))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][241] = 1;
		if (!((((int)now.answer[2])==1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 80: // STATE 242 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][242] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 81: // STATE 243 - esm.pml:12 - [((e<2))] (248:0:1 - 1)
		IfNotBlocked
		reached[4][243] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(248, 244, 248) */
		reached[4][244] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(248, 245, 248) */
		reached[4][245] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 249, 248) */
		reached[4][249] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 82: // STATE 251 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][251] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 252, 372) */
		reached[4][252] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 256, 372) */
		reached[4][256] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 83: // STATE 256 - esm.pml:16 - [.(goto)] (0:372:0 - 2)
		IfNotBlocked
		reached[4][256] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 84: // STATE 254 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][254] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 256, 372) */
		reached[4][256] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 85: // STATE 350 - esm.pml:63 - [.(goto)] (0:372:0 - 3)
		IfNotBlocked
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 86: // STATE 259 - esm.pml:36 - [((answer[2]>=3))] (299:0:2 - 1)
		IfNotBlocked
		reached[4][259] = 1;
		if (!((((int)now.answer[2])>=3)))
			continue;
		/* merge: f = (answer[2]-3)(299, 260, 299) */
		reached[4][260] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->f);
		((P4 *)_this)->f = (((int)now.answer[2])-3);
#ifdef VAR_RANGES
		logval("esm:f", ((int)((P4 *)_this)->f));
#endif
		;
		/* merge: attempts[f] = (attempts[f]+1)(299, 261, 299) */
		reached[4][261] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:f]", ((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 87: // STATE 262 - esm.pml:41 - [((attempts[f]>1))] (280:0:1 - 1)
		IfNotBlocked
		reached[4][262] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->f), 2) ])>1)))
			continue;
		/* merge: dlq[f] = 1(0, 263, 280) */
		reached[4][263] = 1;
		(trpt+1)->bup.oval = ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]);
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:f]", ((int)now.dlq[ Index(((int)((P4 *)_this)->f), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 88: // STATE 264 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][264] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 89: // STATE 265 - esm.pml:12 - [((e<(f+1)))] (270:0:1 - 1)
		IfNotBlocked
		reached[4][265] = 1;
		if (!((((int)((P4 *)_this)->e)<(((int)((P4 *)_this)->f)+1))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(270, 266, 270) */
		reached[4][266] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(270, 267, 270) */
		reached[4][267] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 271, 270) */
		reached[4][271] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 90: // STATE 273 - esm.pml:15 - [(((f+1)>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][273] = 1;
		if (!(((((int)((P4 *)_this)->f)+1)>((int)now.committed))))
			continue;
		/* merge: committed = (f+1)(372, 274, 372) */
		reached[4][274] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = (((int)((P4 *)_this)->f)+1);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 278, 372) */
		reached[4][278] = 1;
		;
		/* merge: .(goto)(372, 300, 372) */
		reached[4][300] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 91: // STATE 276 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][276] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 278, 372) */
		reached[4][278] = 1;
		;
		/* merge: .(goto)(372, 300, 372) */
		reached[4][300] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 92: // STATE 300 - esm.pml:44 - [.(goto)] (0:372:0 - 6)
		IfNotBlocked
		reached[4][300] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 93: // STATE 282 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][282] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 94: // STATE 283 - esm.pml:12 - [((e<f))] (288:0:1 - 1)
		IfNotBlocked
		reached[4][283] = 1;
		if (!((((int)((P4 *)_this)->e)<((int)((P4 *)_this)->f))))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(288, 284, 288) */
		reached[4][284] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(288, 285, 288) */
		reached[4][285] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 289, 288) */
		reached[4][289] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 95: // STATE 291 - esm.pml:15 - [((f>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][291] = 1;
		if (!((((int)((P4 *)_this)->f)>((int)now.committed))))
			continue;
		/* merge: committed = f(372, 292, 372) */
		reached[4][292] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = ((int)((P4 *)_this)->f);
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 296, 372) */
		reached[4][296] = 1;
		;
		/* merge: .(goto)(372, 300, 372) */
		reached[4][300] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 96: // STATE 294 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][294] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 296, 372) */
		reached[4][296] = 1;
		;
		/* merge: .(goto)(372, 300, 372) */
		reached[4][300] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 97: // STATE 301 - esm.pml:44 - [((answer[2]==2))] (315:0:2 - 1)
		IfNotBlocked
		reached[4][301] = 1;
		if (!((((int)now.answer[2])==2)))
			continue;
		/* merge: exhausted = 0(315, 302, 315) */
		reached[4][302] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 0;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: e = from[2](315, 303, 315) */
		reached[4][303] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[2]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 316, 315) */
		reached[4][316] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 98: // STATE 304 - esm.pml:49 - [((e<2))] (310:0:1 - 1)
		IfNotBlocked
		reached[4][304] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: attempts[e] = (attempts[e]+1)(0, 305, 310) */
		reached[4][305] = 1;
		(trpt+1)->bup.oval = ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = (((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])+1);
#ifdef VAR_RANGES
		logval("attempts[esm:e]", ((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 99: // STATE 306 - esm.pml:49 - [((attempts[e]>1))] (315:0:2 - 1)
		IfNotBlocked
		reached[4][306] = 1;
		if (!((((int)now.attempts[ Index(((int)((P4 *)_this)->e), 2) ])>1)))
			continue;
		/* merge: exhausted = 1(315, 307, 315) */
		reached[4][307] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->exhausted);
		((P4 *)_this)->exhausted = 1;
#ifdef VAR_RANGES
		logval("esm:exhausted", ((int)((P4 *)_this)->exhausted));
#endif
		;
		/* merge: .(goto)(315, 311, 315) */
		reached[4][311] = 1;
		;
		/* merge: e = (e+1)(315, 312, 315) */
		reached[4][312] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 316, 315) */
		reached[4][316] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 100: // STATE 309 - esm.pml:49 - [(1)] (315:0:1 - 1)
		IfNotBlocked
		reached[4][309] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(315, 311, 315) */
		reached[4][311] = 1;
		;
		/* merge: e = (e+1)(315, 312, 315) */
		reached[4][312] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 316, 315) */
		reached[4][316] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 101: // STATE 312 - esm.pml:49 - [e = (e+1)] (0:315:1 - 3)
		IfNotBlocked
		reached[4][312] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 316, 315) */
		reached[4][316] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 102: // STATE 318 - esm.pml:53 - [(exhausted)] (325:0:2 - 1)
		IfNotBlocked
		reached[4][318] = 1;
		if (!(((int)((P4 *)_this)->exhausted)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: exhausted */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P4 *)_this)->exhausted;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->exhausted = 0;
		/* merge: e = from[2](0, 319, 325) */
		reached[4][319] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)((P4 *)_this)->from[2]);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 326, 325) */
		reached[4][326] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 103: // STATE 320 - esm.pml:56 - [((e<2))] (325:0:2 - 1)
		IfNotBlocked
		reached[4][320] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: dlq[e] = 1(325, 321, 325) */
		reached[4][321] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]);
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = 1;
#ifdef VAR_RANGES
		logval("dlq[esm:e]", ((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ]));
#endif
		;
		/* merge: e = (e+1)(325, 322, 325) */
		reached[4][322] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 326, 325) */
		reached[4][326] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 104: // STATE 328 - esm.pml:10 - [e = committed] (0:0:1 - 1)
		IfNotBlocked
		reached[4][328] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 105: // STATE 329 - esm.pml:12 - [((e<2))] (334:0:1 - 1)
		IfNotBlocked
		reached[4][329] = 1;
		if (!((((int)((P4 *)_this)->e)<2)))
			continue;
		/* merge: assert(((effects[e]>0)||dlq[e]))(334, 330, 334) */
		reached[4][330] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P4 *)_this)->e), 2) ])>0)||((int)now.dlq[ Index(((int)((P4 *)_this)->e), 2) ])), "((effects[e]>0)||dlq[e])", II, tt, t);
		/* merge: e = (e+1)(334, 331, 334) */
		reached[4][331] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->e);
		((P4 *)_this)->e = (((int)((P4 *)_this)->e)+1);
#ifdef VAR_RANGES
		logval("esm:e", ((int)((P4 *)_this)->e));
#endif
		;
		/* merge: .(goto)(0, 335, 334) */
		reached[4][335] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 106: // STATE 337 - esm.pml:15 - [((2>committed))] (372:0:1 - 1)
		IfNotBlocked
		reached[4][337] = 1;
		if (!((2>((int)now.committed))))
			continue;
		/* merge: committed = 2(372, 338, 372) */
		reached[4][338] = 1;
		(trpt+1)->bup.oval = ((int)now.committed);
		now.committed = 2;
#ifdef VAR_RANGES
		logval("committed", ((int)now.committed));
#endif
		;
		/* merge: .(goto)(372, 342, 372) */
		reached[4][342] = 1;
		;
		/* merge: .(goto)(372, 348, 372) */
		reached[4][348] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 107: // STATE 340 - esm.pml:15 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][340] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 342, 372) */
		reached[4][342] = 1;
		;
		/* merge: .(goto)(372, 348, 372) */
		reached[4][348] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 108: // STATE 348 - esm.pml:62 - [.(goto)] (0:372:0 - 4)
		IfNotBlocked
		reached[4][348] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 109: // STATE 346 - esm.pml:60 - [(1)] (372:0:0 - 1)
		IfNotBlocked
		reached[4][346] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(372, 348, 372) */
		reached[4][348] = 1;
		;
		/* merge: .(goto)(372, 350, 372) */
		reached[4][350] = 1;
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 110: // STATE 353 - esm.pml:78 - [((((!(rebalanced)&&(inflight>0))&&(next<3))&&(committed<2)))] (0:0:1 - 1)
		IfNotBlocked
		reached[4][353] = 1;
		if (!(((( !(((int)((P4 *)_this)->rebalanced))&&(((int)((P4 *)_this)->inflight)>0))&&(((int)((P4 *)_this)->next)<3))&&(((int)now.committed)<2))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: rebalanced */  (trpt+1)->bup.oval = ((P4 *)_this)->rebalanced;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->rebalanced = 0;
		_m = 3; goto P999; /* 0 */
	case 111: // STATE 354 - esm.pml:79 - [rebalanced = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[4][354] = 1;
		(trpt+1)->bup.oval = ((int)((P4 *)_this)->rebalanced);
		((P4 *)_this)->rebalanced = 1;
#ifdef VAR_RANGES
		logval("esm:rebalanced", ((int)((P4 *)_this)->rebalanced));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 112: // STATE 355 - esm.pml:21 - [from[next] = committed] (0:357:2 - 1)
		IfNotBlocked
		reached[4][355] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]);
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:from[esm:next]", ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]));
#endif
		;
		/* merge: alive = (alive+1)(357, 356, 357) */
		reached[4][356] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 113: // STATE 357 - esm.pml:23 - [(run invocation(next,committed))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][357] = 1;
		if (!(addproc(II, 1, 3, ((int)((P4 *)_this)->next), ((int)now.committed))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 114: // STATE 358 - esm.pml:24 - [inflight = (inflight+1)] (0:372:2 - 1)
		IfNotBlocked
		reached[4][358] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)+1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		/* merge: next = (next+1)(372, 359, 372) */
		reached[4][359] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->next);
		((P4 *)_this)->next = (((int)((P4 *)_this)->next)+1);
#ifdef VAR_RANGES
		logval("esm:next", ((int)((P4 *)_this)->next));
#endif
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 115: // STATE 362 - esm.pml:80 - [((((inflight==0)&&(committed<2))&&(next<3)))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][362] = 1;
		if (!((((((int)((P4 *)_this)->inflight)==0)&&(((int)now.committed)<2))&&(((int)((P4 *)_this)->next)<3))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 116: // STATE 363 - esm.pml:21 - [from[next] = committed] (0:365:2 - 1)
		IfNotBlocked
		reached[4][363] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]);
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = ((int)now.committed);
#ifdef VAR_RANGES
		logval("esm:from[esm:next]", ((int)((P4 *)_this)->from[ Index(((int)((P4 *)_this)->next), 3) ]));
#endif
		;
		/* merge: alive = (alive+1)(365, 364, 365) */
		reached[4][364] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 117: // STATE 365 - esm.pml:23 - [(run invocation(next,committed))] (0:0:0 - 1)
		IfNotBlocked
		reached[4][365] = 1;
		if (!(addproc(II, 1, 3, ((int)((P4 *)_this)->next), ((int)now.committed))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 118: // STATE 366 - esm.pml:24 - [inflight = (inflight+1)] (0:372:2 - 1)
		IfNotBlocked
		reached[4][366] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P4 *)_this)->inflight);
		((P4 *)_this)->inflight = (((int)((P4 *)_this)->inflight)+1);
#ifdef VAR_RANGES
		logval("esm:inflight", ((int)((P4 *)_this)->inflight));
#endif
		;
		/* merge: next = (next+1)(372, 367, 372) */
		reached[4][367] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P4 *)_this)->next);
		((P4 *)_this)->next = (((int)((P4 *)_this)->next)+1);
#ifdef VAR_RANGES
		logval("esm:next", ((int)((P4 *)_this)->next));
#endif
		;
		/* merge: .(goto)(0, 373, 372) */
		reached[4][373] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 119: // STATE 370 - esm.pml:81 - [(((inflight==0)&&((committed==2)||(next==3))))] (0:0:2 - 1)
		IfNotBlocked
		reached[4][370] = 1;
		if (!(((((int)((P4 *)_this)->inflight)==0)&&((((int)now.committed)==2)||(((int)((P4 *)_this)->next)==3)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: inflight */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P4 *)_this)->inflight;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->inflight = 0;
		if (TstOnly) return 1; /* TT */
		/* dead 1: next */  (trpt+1)->bup.ovals[1] = ((P4 *)_this)->next;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P4 *)_this)->next = 0;
		_m = 3; goto P999; /* 0 */
	case 120: // STATE 375 - esm.pml:83 - [esmDone = 1] (0:0:1 - 3)
		IfNotBlocked
		reached[4][375] = 1;
		(trpt+1)->bup.oval = ((int)now.esmDone);
		now.esmDone = 1;
#ifdef VAR_RANGES
		logval("esmDone", ((int)now.esmDone));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 121: // STATE 376 - esm.pml:84 - [-end-] (0:0:0 - 1)
		IfNotBlocked
		reached[4][376] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */

		 /* PROC invocation */
	case 122: // STATE 1 - consumer.pml:227 - [alive = (alive+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][1] = 1;
		(trpt+1)->bup.oval = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 123: // STATE 2 - consumer.pml:227 - [(run renewer(o))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][2] = 1;
		if (!(addproc(II, 1, 1, ((int)((P3 *)_this)->o), 0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 124: // STATE 4 - store.pml:62 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][4] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 125: // STATE 5 - store.pml:63 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][5] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 126: // STATE 6 - store.pml:63 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][6] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 127: // STATE 7 - store.pml:63 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][7] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 128: // STATE 8 - store.pml:64 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][8] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 129: // STATE 9 - store.pml:64 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][9] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 130: // STATE 10 - store.pml:64 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][10] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 131: // STATE 11 - store.pml:65 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][11] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 132: // STATE 12 - store.pml:65 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][12] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 133: // STATE 13 - store.pml:65 - [out = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][13] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 3;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 134: // STATE 17 - consumer.pml:232 - [r = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][17] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 135: // STATE 18 - consumer.pml:234 - [((r<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][18] = 1;
		if (!((((int)((P3 *)_this)->r)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 136: // STATE 19 - consumer.pml:236 - [(((out==0)||(out==2)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][19] = 1;
		if (!(((((int)((P3 *)_this)->out)==0)||(((int)((P3 *)_this)->out)==2))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 137: // STATE 20 - store.pml:16 - [((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==0))] (41:0:3 - 1)
		IfNotBlocked
		reached[3][20] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ])==0)))
			continue;
		/* merge: store[( ((ver[o]==1)) ? ((2+r)) : (r) )] = (2+o)(41, 21, 41) */
		reached[3][21] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->r)) : (((P3 *)_this)->r) ), 4) ] = (2+((int)((P3 *)_this)->o));
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:r)) : (invocation:r) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ]));
#endif
		;
		/* merge: res = 0(41, 22, 41) */
		reached[3][22] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(41, 28, 41) */
		reached[3][28] = 1;
		;
		/* merge: cres[r] = res(41, 30, 41) */
		reached[3][30] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(0, 36, 41) */
		reached[3][36] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 138: // STATE 23 - store.pml:17 - [((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==1))] (41:0:2 - 1)
		IfNotBlocked
		reached[3][23] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ])==1)))
			continue;
		/* merge: res = 1(41, 24, 41) */
		reached[3][24] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(41, 28, 41) */
		reached[3][28] = 1;
		;
		/* merge: cres[r] = res(41, 30, 41) */
		reached[3][30] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(0, 36, 41) */
		reached[3][36] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 139: // STATE 25 - store.pml:18 - [((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]>=2))] (41:0:2 - 1)
		IfNotBlocked
		reached[3][25] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ])>=2)))
			continue;
		/* merge: res = 2(41, 26, 41) */
		reached[3][26] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(41, 28, 41) */
		reached[3][28] = 1;
		;
		/* merge: cres[r] = res(41, 30, 41) */
		reached[3][30] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(0, 36, 41) */
		reached[3][36] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 140: // STATE 30 - consumer.pml:236 - [cres[r] = res] (0:41:1 - 4)
		IfNotBlocked
		reached[3][30] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(0, 36, 41) */
		reached[3][36] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 141: // STATE 31 - consumer.pml:237 - [((out==3))] (41:0:1 - 1)
		IfNotBlocked
		reached[3][31] = 1;
		if (!((((int)((P3 *)_this)->out)==3)))
			continue;
		/* merge: lm = (lm|(1<<( ((ver[o]==1)) -> ((2+r)) : (r) )))(0, 32, 41) */
		reached[3][32] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->lm);
		((P3 *)_this)->lm = (((int)((P3 *)_this)->lm)|(1<<( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) )));
#ifdef VAR_RANGES
		logval("invocation:lm", ((int)((P3 *)_this)->lm));
#endif
		;
		/* merge: .(goto)(0, 36, 41) */
		reached[3][36] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 142: // STATE 33 - consumer.pml:238 - [((out==1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][33] = 1;
		if (!((((int)((P3 *)_this)->out)==1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 143: // STATE 37 - consumer.pml:240 - [((out!=0))] (46:0:2 - 1)
		IfNotBlocked
		reached[3][37] = 1;
		if (!((((int)((P3 *)_this)->out)!=0)))
			continue;
		/* merge: cres[r] = 3(46, 38, 46) */
		reached[3][38] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = 3;
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(46, 42, 46) */
		reached[3][42] = 1;
		;
		/* merge: r = (r+1)(46, 43, 46) */
		reached[3][43] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 47, 46) */
		reached[3][47] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 144: // STATE 40 - consumer.pml:240 - [(1)] (46:0:1 - 1)
		IfNotBlocked
		reached[3][40] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(46, 42, 46) */
		reached[3][42] = 1;
		;
		/* merge: r = (r+1)(46, 43, 46) */
		reached[3][43] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 47, 46) */
		reached[3][47] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 145: // STATE 43 - consumer.pml:241 - [r = (r+1)] (0:46:1 - 3)
		IfNotBlocked
		reached[3][43] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 47, 46) */
		reached[3][47] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 146: // STATE 49 - consumer.pml:244 - [((out==2))] (60:0:1 - 1)
		IfNotBlocked
		reached[3][49] = 1;
		if (!((((int)((P3 *)_this)->out)==2)))
			continue;
		/* merge: mayleave[o] = 1(0, 50, 60) */
		reached[3][50] = 1;
		(trpt+1)->bup.oval = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(0, 54, 60) */
		reached[3][54] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 147: // STATE 55 - consumer.pml:245 - [((out==3))] (57:0:2 - 1)
		IfNotBlocked
		reached[3][55] = 1;
		if (!((((int)((P3 *)_this)->out)==3)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: out */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P3 *)_this)->out;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->out = 0;
		/* merge: alive = (alive+1)(0, 56, 57) */
		reached[3][56] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 148: // STATE 57 - consumer.pml:245 - [(run late(o,lm))] (0:0:1 - 1)
		IfNotBlocked
		reached[3][57] = 1;
		if (!(addproc(II, 1, 2, ((int)((P3 *)_this)->o), ((int)((P3 *)_this)->lm))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lm */  (trpt+1)->bup.oval = ((P3 *)_this)->lm;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->lm = 0;
		_m = 3; goto P999; /* 0 */
	case 149: // STATE 59 - consumer.pml:245 - [(1)] (197:0:0 - 1)
		IfNotBlocked
		reached[3][59] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(0, 61, 197) */
		reached[3][61] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 150: // STATE 64 - consumer.pml:251 - [rm = 0] (0:78:2 - 1)
		IfNotBlocked
		reached[3][64] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = 0;
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		/* merge: lm = 0(78, 65, 78) */
		reached[3][65] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->lm);
		((P3 *)_this)->lm = 0;
#ifdef VAR_RANGES
		logval("invocation:lm", ((int)((P3 *)_this)->lm));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 151: // STATE 66 - store.pml:62 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][66] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 152: // STATE 67 - store.pml:63 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][67] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 153: // STATE 68 - store.pml:63 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][68] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 154: // STATE 69 - store.pml:63 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][69] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 155: // STATE 70 - store.pml:64 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][70] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 156: // STATE 71 - store.pml:64 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][71] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 157: // STATE 72 - store.pml:64 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][72] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 158: // STATE 73 - store.pml:65 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][73] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 159: // STATE 74 - store.pml:65 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][74] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 160: // STATE 75 - store.pml:65 - [out = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][75] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 3;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 161: // STATE 79 - consumer.pml:255 - [r = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][79] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 162: // STATE 80 - consumer.pml:257 - [((r<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][80] = 1;
		if (!((((int)((P3 *)_this)->r)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 163: // STATE 81 - consumer.pml:259 - [((cres[r]==0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][81] = 1;
		if (!((((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ])==0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 164: // STATE 82 - consumer.pml:274 - [(((out==0)||(out==2)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][82] = 1;
		if (!(((((int)((P3 *)_this)->out)==0)||(((int)((P3 *)_this)->out)==2))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 165: // STATE 83 - store.pml:16 - [((store[(2+r)]==0))] (104:0:2 - 1)
		IfNotBlocked
		reached[3][83] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ])==0)))
			continue;
		/* merge: store[(2+r)] = (2+o)(104, 84, 104) */
		reached[3][84] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->r), 4) ] = (2+((int)((P3 *)_this)->o));
#ifdef VAR_RANGES
		logval("store[(2+invocation:r)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ]));
#endif
		;
		/* merge: res = 0(104, 85, 104) */
		reached[3][85] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 91, 104) */
		reached[3][91] = 1;
		;
		/* merge: .(goto)(0, 99, 104) */
		reached[3][99] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 166: // STATE 86 - store.pml:17 - [((store[(2+r)]==1))] (104:0:1 - 1)
		IfNotBlocked
		reached[3][86] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 87, 104) */
		reached[3][87] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 91, 104) */
		reached[3][91] = 1;
		;
		/* merge: .(goto)(0, 99, 104) */
		reached[3][99] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 167: // STATE 88 - store.pml:18 - [((store[(2+r)]>=2))] (104:0:1 - 1)
		IfNotBlocked
		reached[3][88] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ])>=2)))
			continue;
		/* merge: res = 2(0, 89, 104) */
		reached[3][89] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 91, 104) */
		reached[3][91] = 1;
		;
		/* merge: .(goto)(0, 99, 104) */
		reached[3][99] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 168: // STATE 93 - consumer.pml:275 - [((out==3))] (104:0:2 - 1)
		IfNotBlocked
		reached[3][93] = 1;
		if (!((((int)((P3 *)_this)->out)==3)))
			continue;
		/* merge: lm = (lm|(1<<(2+r)))(104, 94, 104) */
		reached[3][94] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->lm);
		((P3 *)_this)->lm = (((int)((P3 *)_this)->lm)|(1<<(2+((int)((P3 *)_this)->r))));
#ifdef VAR_RANGES
		logval("invocation:lm", ((int)((P3 *)_this)->lm));
#endif
		;
		/* merge: res = 3(104, 95, 104) */
		reached[3][95] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 3;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 99, 104) */
		reached[3][99] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 169: // STATE 97 - consumer.pml:276 - [res = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][97] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 3;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 170: // STATE 100 - consumer.pml:278 - [((out!=0))] (111:0:2 - 1)
		IfNotBlocked
		reached[3][100] = 1;
		if (!((((int)((P3 *)_this)->out)!=0)))
			continue;
		/* merge: res = 3(111, 101, 111) */
		reached[3][101] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 3;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(111, 105, 111) */
		reached[3][105] = 1;
		;
		/* merge: cres[r] = res(111, 106, 111) */
		reached[3][106] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 3 */
	case 171: // STATE 103 - consumer.pml:278 - [(1)] (111:0:1 - 1)
		IfNotBlocked
		reached[3][103] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(111, 105, 111) */
		reached[3][105] = 1;
		;
		/* merge: cres[r] = res(111, 106, 111) */
		reached[3][106] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 172: // STATE 106 - consumer.pml:279 - [cres[r] = res] (0:111:1 - 3)
		IfNotBlocked
		reached[3][106] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]);
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = ((int)((P3 *)_this)->res);
#ifdef VAR_RANGES
		logval("invocation:cres[invocation:r]", ((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 173: // STATE 107 - consumer.pml:281 - [((cres[r]!=0))] (120:0:2 - 1)
		IfNotBlocked
		reached[3][107] = 1;
		if (!((((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ])!=0)))
			continue;
		/* merge: rm = (rm|(1<<r))(120, 108, 120) */
		reached[3][108] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = (((int)((P3 *)_this)->rm)|(1<<((int)((P3 *)_this)->r)));
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		/* merge: .(goto)(120, 112, 120) */
		reached[3][112] = 1;
		;
		/* merge: .(goto)(120, 116, 120) */
		reached[3][116] = 1;
		;
		/* merge: r = (r+1)(120, 117, 120) */
		reached[3][117] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 121, 120) */
		reached[3][121] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 174: // STATE 110 - consumer.pml:281 - [(1)] (120:0:1 - 1)
		IfNotBlocked
		reached[3][110] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(120, 112, 120) */
		reached[3][112] = 1;
		;
		/* merge: .(goto)(120, 116, 120) */
		reached[3][116] = 1;
		;
		/* merge: r = (r+1)(120, 117, 120) */
		reached[3][117] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 121, 120) */
		reached[3][121] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 175: // STATE 114 - consumer.pml:282 - [(1)] (120:0:1 - 1)
		IfNotBlocked
		reached[3][114] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(120, 116, 120) */
		reached[3][116] = 1;
		;
		/* merge: r = (r+1)(120, 117, 120) */
		reached[3][117] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 121, 120) */
		reached[3][121] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 176: // STATE 117 - consumer.pml:284 - [r = (r+1)] (0:120:1 - 5)
		IfNotBlocked
		reached[3][117] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 121, 120) */
		reached[3][121] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 177: // STATE 123 - consumer.pml:287 - [((out==2))] (134:0:1 - 1)
		IfNotBlocked
		reached[3][123] = 1;
		if (!((((int)((P3 *)_this)->out)==2)))
			continue;
		/* merge: mayleave[o] = 1(0, 124, 134) */
		reached[3][124] = 1;
		(trpt+1)->bup.oval = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(0, 128, 134) */
		reached[3][128] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 178: // STATE 129 - consumer.pml:288 - [(((out==3)&&(lm!=0)))] (131:0:2 - 1)
		IfNotBlocked
		reached[3][129] = 1;
		if (!(((((int)((P3 *)_this)->out)==3)&&(((int)((P3 *)_this)->lm)!=0))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: out */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P3 *)_this)->out;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->out = 0;
		/* merge: alive = (alive+1)(0, 130, 131) */
		reached[3][130] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.alive);
		now.alive = (((int)now.alive)+1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 179: // STATE 131 - consumer.pml:288 - [(run late(o,lm))] (0:0:1 - 1)
		IfNotBlocked
		reached[3][131] = 1;
		if (!(addproc(II, 1, 2, ((int)((P3 *)_this)->o), ((int)((P3 *)_this)->lm))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lm */  (trpt+1)->bup.oval = ((P3 *)_this)->lm;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->lm = 0;
		_m = 3; goto P999; /* 0 */
	case 180: // STATE 133 - consumer.pml:288 - [(1)] (193:0:0 - 1)
		IfNotBlocked
		reached[3][133] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(0, 135, 193) */
		reached[3][135] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 181: // STATE 137 - consumer.pml:291 - [((rm!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][137] = 1;
		if (!((((int)((P3 *)_this)->rm)!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 182: // STATE 138 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][138] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 183: // STATE 139 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][139] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 184: // STATE 140 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][140] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 185: // STATE 141 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][141] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 186: // STATE 142 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][142] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 187: // STATE 143 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][143] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 188: // STATE 144 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][144] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 189: // STATE 148 - consumer.pml:56 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][148] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 190: // STATE 149 - consumer.pml:58 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][149] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 191: // STATE 150 - consumer.pml:60 - [(((rm&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][150] = 1;
		if (!(((((int)((P3 *)_this)->rm)&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 192: // STATE 151 - consumer.pml:62 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][151] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 193: // STATE 152 - store.pml:37 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][152] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 194: // STATE 153 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:173:1 - 1)
		IfNotBlocked
		reached[3][153] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0(173, 154, 173) */
		reached[3][154] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 159, 173) */
		reached[3][159] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 195: // STATE 161 - consumer.pml:64 - [((0&&0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][161] = 1;
		if (!((0&&0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 196: // STATE 162 - store.pml:37 - [((store[(2+j)]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][162] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 197: // STATE 163 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))] (0:186:2 - 1)
		IfNotBlocked
		reached[3][163] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0))", II, tt, t);
		/* merge: store[(2+j)] = 0(186, 164, 186) */
		reached[3][164] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(186, 169, 186) */
		reached[3][169] = 1;
		;
		/* merge: .(goto)(186, 174, 186) */
		reached[3][174] = 1;
		;
		/* merge: .(goto)(186, 178, 186) */
		reached[3][178] = 1;
		;
		/* merge: .(goto)(186, 182, 186) */
		reached[3][182] = 1;
		;
		/* merge: j = (j+1)(186, 183, 186) */
		reached[3][183] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 198: // STATE 167 - store.pml:38 - [(1)] (186:0:1 - 1)
		IfNotBlocked
		reached[3][167] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(186, 169, 186) */
		reached[3][169] = 1;
		;
		/* merge: .(goto)(186, 174, 186) */
		reached[3][174] = 1;
		;
		/* merge: .(goto)(186, 178, 186) */
		reached[3][178] = 1;
		;
		/* merge: .(goto)(186, 182, 186) */
		reached[3][182] = 1;
		;
		/* merge: j = (j+1)(186, 183, 186) */
		reached[3][183] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 199: // STATE 172 - consumer.pml:64 - [(1)] (186:0:1 - 1)
		IfNotBlocked
		reached[3][172] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(186, 174, 186) */
		reached[3][174] = 1;
		;
		/* merge: .(goto)(186, 178, 186) */
		reached[3][178] = 1;
		;
		/* merge: .(goto)(186, 182, 186) */
		reached[3][182] = 1;
		;
		/* merge: j = (j+1)(186, 183, 186) */
		reached[3][183] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 200: // STATE 176 - consumer.pml:65 - [mayleave[o] = 1] (0:186:2 - 1)
		IfNotBlocked
		reached[3][176] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(186, 178, 186) */
		reached[3][178] = 1;
		;
		/* merge: .(goto)(186, 182, 186) */
		reached[3][182] = 1;
		;
		/* merge: j = (j+1)(186, 183, 186) */
		reached[3][183] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 201: // STATE 180 - consumer.pml:67 - [(1)] (186:0:1 - 1)
		IfNotBlocked
		reached[3][180] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(186, 182, 186) */
		reached[3][182] = 1;
		;
		/* merge: j = (j+1)(186, 183, 186) */
		reached[3][183] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 202: // STATE 183 - consumer.pml:69 - [j = (j+1)] (0:186:1 - 9)
		IfNotBlocked
		reached[3][183] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 187, 186) */
		reached[3][187] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 203: // STATE 199 - consumer.pml:297 - [r = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][199] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 204: // STATE 200 - consumer.pml:299 - [((r<2))] (205:0:2 - 1)
		IfNotBlocked
		reached[3][200] = 1;
		if (!((((int)((P3 *)_this)->r)<2)))
			continue;
		/* merge: cl[((o*2)+r)] = ( ((cres[r]==0)) -> (1) : (( ((cres[r]==1)) -> (3) : (( ((cres[r]==2)) -> (4) : (( (open) -> (2) : (5) )) )) )) )(205, 201, 205) */
		reached[3][201] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = ( ((((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ])==0)) ? (1) : (( ((((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ])==1)) ? (3) : (( ((((int)((P3 *)_this)->cres[ Index(((int)((P3 *)_this)->r), 2) ])==2)) ? (4) : (( (((int)now.open)) ? (2) : (5) )) )) )) );
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:r)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		/* merge: r = (r+1)(205, 202, 205) */
		reached[3][202] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 206, 205) */
		reached[3][206] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 205: // STATE 209 - consumer.pml:310 - [r = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][209] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 206: // STATE 210 - consumer.pml:312 - [((r==2))] (0:0:1 - 1)
		IfNotBlocked
		reached[3][210] = 1;
		if (!((((int)((P3 *)_this)->r)==2)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: r */  (trpt+1)->bup.oval = ((P3 *)_this)->r;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->r = 0;
		_m = 3; goto P999; /* 0 */
	case 207: // STATE 212 - consumer.pml:313 - [((r<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][212] = 1;
		if (!((((int)((P3 *)_this)->r)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 208: // STATE 213 - consumer.pml:314 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][213] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 209: // STATE 214 - consumer.pml:314 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][214] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 210: // STATE 215 - consumer.pml:314 - [crashed[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][215] = 1;
		(trpt+1)->bup.oval = ((int)now.crashed[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.crashed[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("crashed[invocation:o]", ((int)now.crashed[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 211: // STATE 216 - consumer.pml:314 - [answer[o] = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][216] = 1;
		(trpt+1)->bup.oval = ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.answer[ Index(((P3 *)_this)->o, 3) ] = 2;
#ifdef VAR_RANGES
		logval("answer[invocation:o]", ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 212: // STATE 217 - consumer.pml:314 - [over[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][217] = 1;
		(trpt+1)->bup.oval = ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.over[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("over[invocation:o]", ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 213: // STATE 222 - consumer.pml:11 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][222] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 214: // STATE 223 - consumer.pml:11 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][223] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 215: // STATE 224 - consumer.pml:11 - [stale[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][224] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.stale[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("stale[invocation:o]", ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 216: // STATE 229 - consumer.pml:317 - [(stopped)] (0:0:0 - 1)
		IfNotBlocked
		reached[3][229] = 1;
		if (!(((int)((P3 *)_this)->stopped)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 217: // STATE 230 - consumer.pml:317 - [rn[((o*2)+r)] = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][230] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 3;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 218: // STATE 231 - consumer.pml:318 - [(!(stopped))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][231] = 1;
		if (!( !(((int)((P3 *)_this)->stopped))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 219: // STATE 232 - consumer.pml:320 - [(((cl[((o*2)+r)]==1)&&stale[o]))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][232] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==1)&&((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 220: // STATE 233 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][233] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 221: // STATE 234 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][234] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 222: // STATE 235 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][235] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 223: // STATE 236 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][236] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 224: // STATE 237 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][237] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 225: // STATE 238 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][238] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 226: // STATE 239 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][239] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 227: // STATE 243 - consumer.pml:167 - [((out==0))] (285:0:2 - 1)
		IfNotBlocked
		reached[3][243] = 1;
		if (!((((int)((P3 *)_this)->out)==0)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: out */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P3 *)_this)->out;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->out = 0;
		/* merge: j = r(0, 244, 285) */
		reached[3][244] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = ((int)((P3 *)_this)->r);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 286, 285) */
		reached[3][286] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 228: // STATE 245 - consumer.pml:175 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][245] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 229: // STATE 246 - consumer.pml:177 - [(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][246] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 230: // STATE 247 - store.pml:45 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))] (268:0:1 - 1)
		IfNotBlocked
		reached[3][247] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		/* merge: res = 0(0, 248, 268) */
		reached[3][248] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 254, 268) */
		reached[3][254] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 231: // STATE 249 - store.pml:46 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))] (268:0:1 - 1)
		IfNotBlocked
		reached[3][249] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 250, 268) */
		reached[3][250] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 254, 268) */
		reached[3][254] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 232: // STATE 252 - store.pml:47 - [res = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][252] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 233: // STATE 256 - consumer.pml:88 - [((0&&(res==0)))] (0:0:1 - 1)
		IfNotBlocked
		reached[3][256] = 1;
		if (!((0&&(((int)((P3 *)_this)->res)==0))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: res */  (trpt+1)->bup.oval = ((P3 *)_this)->res;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->res = 0;
		_m = 3; goto P999; /* 0 */
	case 234: // STATE 257 - store.pml:45 - [((store[(2+j)]==(2+o)))] (277:0:1 - 1)
		IfNotBlocked
		reached[3][257] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		/* merge: res = 0(0, 258, 277) */
		reached[3][258] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 264, 277) */
		reached[3][264] = 1;
		;
		/* merge: .(goto)(0, 269, 277) */
		reached[3][269] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 235: // STATE 259 - store.pml:46 - [((store[(2+j)]==1))] (277:0:1 - 1)
		IfNotBlocked
		reached[3][259] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 260, 277) */
		reached[3][260] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 264, 277) */
		reached[3][264] = 1;
		;
		/* merge: .(goto)(0, 269, 277) */
		reached[3][269] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 236: // STATE 262 - store.pml:47 - [res = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][262] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->res);
		((P3 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("invocation:res", ((int)((P3 *)_this)->res));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 237: // STATE 271 - consumer.pml:78 - [((((res!=0)&&(cl[((o*2)+j)]==1))&&(rn[((o*2)+j)]==0)))] (285:0:2 - 1)
		IfNotBlocked
		reached[3][271] = 1;
		if (!((((((int)((P3 *)_this)->res)!=0)&&(((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1))&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==0))))
			continue;
		/* merge: cl[((o*2)+j)] = ( ((res==1)) -> (3) : (6) )(285, 272, 285) */
		reached[3][272] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = ( ((((int)((P3 *)_this)->res)==1)) ? (3) : (6) );
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: .(goto)(285, 276, 285) */
		reached[3][276] = 1;
		;
		/* merge: .(goto)(285, 281, 285) */
		reached[3][281] = 1;
		;
		/* merge: j = (j+1)(285, 282, 285) */
		reached[3][282] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 286, 285) */
		reached[3][286] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 238: // STATE 274 - consumer.pml:80 - [(1)] (285:0:1 - 1)
		IfNotBlocked
		reached[3][274] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(285, 276, 285) */
		reached[3][276] = 1;
		;
		/* merge: .(goto)(285, 281, 285) */
		reached[3][281] = 1;
		;
		/* merge: j = (j+1)(285, 282, 285) */
		reached[3][282] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 286, 285) */
		reached[3][286] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 239: // STATE 279 - consumer.pml:180 - [(1)] (285:0:1 - 1)
		IfNotBlocked
		reached[3][279] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(285, 281, 285) */
		reached[3][281] = 1;
		;
		/* merge: j = (j+1)(285, 282, 285) */
		reached[3][282] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 286, 285) */
		reached[3][286] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 240: // STATE 282 - consumer.pml:182 - [j = (j+1)] (0:285:1 - 5)
		IfNotBlocked
		reached[3][282] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 286, 285) */
		reached[3][286] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 241: // STATE 288 - consumer.pml:186 - [stale[o] = 0] (0:673:1 - 3)
		IfNotBlocked
		reached[3][288] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.stale[ Index(((P3 *)_this)->o, 3) ] = 0;
#ifdef VAR_RANGES
		logval("stale[invocation:o]", ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(673, 292, 673) */
		reached[3][292] = 1;
		;
		/* merge: .(goto)(0, 298, 673) */
		reached[3][298] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 242: // STATE 292 - consumer.pml:189 - [.(goto)] (0:673:0 - 2)
		IfNotBlocked
		reached[3][292] = 1;
		;
		/* merge: .(goto)(0, 298, 673) */
		reached[3][298] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 243: // STATE 290 - consumer.pml:187 - [gStaleTrusted[r] = 1] (0:673:1 - 1)
		IfNotBlocked
		reached[3][290] = 1;
		(trpt+1)->bup.oval = ((int)now.gStaleTrusted[ Index(((int)((P3 *)_this)->r), 2) ]);
		now.gStaleTrusted[ Index(((P3 *)_this)->r, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gStaleTrusted[invocation:r]", ((int)now.gStaleTrusted[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(673, 292, 673) */
		reached[3][292] = 1;
		;
		/* merge: .(goto)(0, 298, 673) */
		reached[3][298] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 244: // STATE 299 - consumer.pml:324 - [((cl[((o*2)+r)]==3))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][299] = 1;
		if (!((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==3)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 245: // STATE 300 - consumer.pml:324 - [rn[((o*2)+r)] = 4] (0:0:1 - 1)
		IfNotBlocked
		reached[3][300] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 4;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 246: // STATE 301 - consumer.pml:325 - [((((cl[((o*2)+r)]==4)||(cl[((o*2)+r)]==5))||(cl[((o*2)+r)]==6)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][301] = 1;
		if (!((((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==4)||(((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==5))||(((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==6))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 247: // STATE 302 - consumer.pml:326 - [rn[((o*2)+r)] = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][302] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 3;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 248: // STATE 303 - consumer.pml:326 - [stopped = 1] (0:678:2 - 1)
		IfNotBlocked
		reached[3][303] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->stopped);
		((P3 *)_this)->stopped = 1;
#ifdef VAR_RANGES
		logval("invocation:stopped", ((int)((P3 *)_this)->stopped));
#endif
		;
		/* merge: .(goto)(678, 674, 678) */
		reached[3][674] = 1;
		;
		/* merge: .(goto)(678, 676, 678) */
		reached[3][676] = 1;
		;
		/* merge: r = (r+1)(678, 677, 678) */
		reached[3][677] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 679, 678) */
		reached[3][679] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 249: // STATE 304 - consumer.pml:327 - [(((cl[((o*2)+r)]==1)||(cl[((o*2)+r)]==2)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][304] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==1)||(((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==2))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 250: // STATE 305 - consumer.pml:330 - [((cl[((o*2)+r)]==1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][305] = 1;
		if (!((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 251: // STATE 306 - consumer.pml:20 - [assert(((((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==(2+o))&&(!(0)||(store[(2+r)]==(2+o))))||gFailover)||gStaleTrusted[r]))] (0:463:1 - 1)
		IfNotBlocked
		reached[3][306] = 1;
		spin_assert(((((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->r))) : (((int)((P3 *)_this)->r)) ), 4) ])==(2+((int)((P3 *)_this)->o)))&&( !(0)||(((int)now.store[ Index((2+((int)((P3 *)_this)->r)), 4) ])==(2+((int)((P3 *)_this)->o)))))||((int)now.gFailover))||((int)now.gStaleTrusted[ Index(((int)((P3 *)_this)->r), 2) ])), "((((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==(2+o))&&( !(0)||(store[(2+r)]==(2+o))))||gFailover)||gStaleTrusted[r])", II, tt, t);
		/* merge: .(goto)(463, 311, 463) */
		reached[3][311] = 1;
		;
		/* merge: rn[((o*2)+r)] = 1(463, 312, 463) */
		reached[3][312] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 1;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 252: // STATE 311 - consumer.pml:333 - [.(goto)] (0:463:1 - 2)
		IfNotBlocked
		reached[3][311] = 1;
		;
		/* merge: rn[((o*2)+r)] = 1(463, 312, 463) */
		reached[3][312] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 1;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 253: // STATE 309 - consumer.pml:331 - [gOpen[r] = 1] (0:463:2 - 1)
		IfNotBlocked
		reached[3][309] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.gOpen[ Index(((int)((P3 *)_this)->r), 2) ]);
		now.gOpen[ Index(((P3 *)_this)->r, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gOpen[invocation:r]", ((int)now.gOpen[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		/* merge: .(goto)(463, 311, 463) */
		reached[3][311] = 1;
		;
		/* merge: rn[((o*2)+r)] = 1(463, 312, 463) */
		reached[3][312] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 1;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 254: // STATE 314 - consumer.pml:338 - [(((faults<2)&&!(timedOut)))] (0:0:1 - 1)
		IfNotBlocked
		reached[3][314] = 1;
		if (!(((((int)now.faults)<2)&& !(((int)((P3 *)_this)->timedOut)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: timedOut */  (trpt+1)->bup.oval = ((P3 *)_this)->timedOut;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->timedOut = 0;
		_m = 3; goto P999; /* 0 */
	case 255: // STATE 315 - consumer.pml:339 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][315] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 256: // STATE 316 - consumer.pml:339 - [timedOut = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][316] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->timedOut);
		((P3 *)_this)->timedOut = 1;
#ifdef VAR_RANGES
		logval("invocation:timedOut", ((int)((P3 *)_this)->timedOut));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 257: // STATE 317 - consumer.pml:339 - [stale[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][317] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.stale[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("stale[invocation:o]", ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 258: // STATE 318 - consumer.pml:194 - [cm = 0] (0:342:2 - 1)
		IfNotBlocked
		reached[3][318] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->cm);
		((P3 *)_this)->cm = 0;
#ifdef VAR_RANGES
		logval("invocation:cm", ((int)((P3 *)_this)->cm));
#endif
		;
		/* merge: rm = 0(342, 319, 342) */
		reached[3][319] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = 0;
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 259: // STATE 320 - consumer.pml:197 - [j = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][320] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 260: // STATE 321 - consumer.pml:199 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][321] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 261: // STATE 322 - consumer.pml:201 - [((cl[((o*2)+j)]==2))] (339:0:2 - 1)
		IfNotBlocked
		reached[3][322] = 1;
		if (!((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==2)))
			continue;
		/* merge: cl[((o*2)+j)] = 9(339, 323, 339) */
		reached[3][323] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 9;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: .(goto)(339, 335, 339) */
		reached[3][335] = 1;
		;
		/* merge: j = (j+1)(339, 336, 339) */
		reached[3][336] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 262: // STATE 324 - consumer.pml:202 - [(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==1)))] (339:0:2 - 1)
		IfNotBlocked
		reached[3][324] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1))))
			continue;
		/* merge: cl[((o*2)+j)] = 7(339, 325, 339) */
		reached[3][325] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 7;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: .(goto)(339, 335, 339) */
		reached[3][335] = 1;
		;
		/* merge: j = (j+1)(339, 336, 339) */
		reached[3][336] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 263: // STATE 326 - consumer.pml:203 - [(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==2)))] (339:0:3 - 1)
		IfNotBlocked
		reached[3][326] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==2))))
			continue;
		/* merge: cl[((o*2)+j)] = 8(339, 327, 339) */
		reached[3][327] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 8;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: cm = (cm|(1<<j))(339, 328, 339) */
		reached[3][328] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->cm);
		((P3 *)_this)->cm = (((int)((P3 *)_this)->cm)|(1<<((int)((P3 *)_this)->j)));
#ifdef VAR_RANGES
		logval("invocation:cm", ((int)((P3 *)_this)->cm));
#endif
		;
		/* merge: .(goto)(339, 335, 339) */
		reached[3][335] = 1;
		;
		/* merge: j = (j+1)(339, 336, 339) */
		reached[3][336] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 264: // STATE 329 - consumer.pml:204 - [((((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]!=1))&&(rn[((o*2)+j)]!=2)))] (339:0:3 - 1)
		IfNotBlocked
		reached[3][329] = 1;
		if (!((((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])!=1))&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])!=2))))
			continue;
		/* merge: cl[((o*2)+j)] = 9(339, 330, 339) */
		reached[3][330] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 9;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: rm = (rm|(1<<j))(339, 331, 339) */
		reached[3][331] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = (((int)((P3 *)_this)->rm)|(1<<((int)((P3 *)_this)->j)));
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		/* merge: .(goto)(339, 335, 339) */
		reached[3][335] = 1;
		;
		/* merge: j = (j+1)(339, 336, 339) */
		reached[3][336] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 265: // STATE 333 - consumer.pml:206 - [(1)] (339:0:1 - 1)
		IfNotBlocked
		reached[3][333] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(339, 335, 339) */
		reached[3][335] = 1;
		;
		/* merge: j = (j+1)(339, 336, 339) */
		reached[3][336] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 266: // STATE 336 - consumer.pml:208 - [j = (j+1)] (0:339:1 - 6)
		IfNotBlocked
		reached[3][336] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 340, 339) */
		reached[3][340] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 267: // STATE 343 - consumer.pml:212 - [((cm!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][343] = 1;
		if (!((((int)((P3 *)_this)->cm)!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 268: // STATE 344 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][344] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 269: // STATE 345 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][345] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 270: // STATE 346 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][346] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 271: // STATE 347 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][347] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 272: // STATE 348 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][348] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 273: // STATE 349 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][349] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 274: // STATE 350 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][350] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 275: // STATE 354 - consumer.pml:33 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][354] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 276: // STATE 355 - consumer.pml:35 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][355] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 277: // STATE 356 - consumer.pml:37 - [(((cm&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][356] = 1;
		if (!(((((int)((P3 *)_this)->cm)&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 278: // STATE 357 - consumer.pml:39 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][357] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 279: // STATE 358 - store.pml:28 - [(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][358] = 1;
		if (!(((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 280: // STATE 359 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))] (0:379:1 - 1)
		IfNotBlocked
		reached[3][359] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==1)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1(379, 360, 379) */
		reached[3][360] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 365, 379) */
		reached[3][365] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 281: // STATE 368 - store.pml:28 - [(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][368] = 1;
		if (!(((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 282: // STATE 369 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))] (0:393:2 - 1)
		IfNotBlocked
		reached[3][369] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==1)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1))", II, tt, t);
		/* merge: store[(2+j)] = 1(393, 370, 393) */
		reached[3][370] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(393, 375, 393) */
		reached[3][375] = 1;
		;
		/* merge: .(goto)(393, 380, 393) */
		reached[3][380] = 1;
		;
		/* merge: .(goto)(393, 385, 393) */
		reached[3][385] = 1;
		;
		/* merge: .(goto)(393, 389, 393) */
		reached[3][389] = 1;
		;
		/* merge: j = (j+1)(393, 390, 393) */
		reached[3][390] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 283: // STATE 373 - store.pml:29 - [(1)] (393:0:1 - 1)
		IfNotBlocked
		reached[3][373] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(393, 375, 393) */
		reached[3][375] = 1;
		;
		/* merge: .(goto)(393, 380, 393) */
		reached[3][380] = 1;
		;
		/* merge: .(goto)(393, 385, 393) */
		reached[3][385] = 1;
		;
		/* merge: .(goto)(393, 389, 393) */
		reached[3][389] = 1;
		;
		/* merge: j = (j+1)(393, 390, 393) */
		reached[3][390] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 284: // STATE 378 - consumer.pml:41 - [(1)] (393:0:1 - 1)
		IfNotBlocked
		reached[3][378] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(393, 380, 393) */
		reached[3][380] = 1;
		;
		/* merge: .(goto)(393, 385, 393) */
		reached[3][385] = 1;
		;
		/* merge: .(goto)(393, 389, 393) */
		reached[3][389] = 1;
		;
		/* merge: j = (j+1)(393, 390, 393) */
		reached[3][390] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 285: // STATE 382 - consumer.pml:42 - [gCommitFailed[j] = 1] (0:393:3 - 1)
		IfNotBlocked
		reached[3][382] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]);
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCommitFailed[invocation:j]", ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]));
#endif
		;
		/* merge: mayleave[o] = 1(393, 383, 393) */
		reached[3][383] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(393, 385, 393) */
		reached[3][385] = 1;
		;
		/* merge: .(goto)(393, 389, 393) */
		reached[3][389] = 1;
		;
		/* merge: j = (j+1)(393, 390, 393) */
		reached[3][390] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 286: // STATE 387 - consumer.pml:44 - [(1)] (393:0:1 - 1)
		IfNotBlocked
		reached[3][387] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(393, 389, 393) */
		reached[3][389] = 1;
		;
		/* merge: j = (j+1)(393, 390, 393) */
		reached[3][390] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 287: // STATE 390 - consumer.pml:46 - [j = (j+1)] (0:393:1 - 9)
		IfNotBlocked
		reached[3][390] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 394, 393) */
		reached[3][394] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 288: // STATE 402 - consumer.pml:213 - [((rm!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][402] = 1;
		if (!((((int)((P3 *)_this)->rm)!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 289: // STATE 403 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][403] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 290: // STATE 404 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][404] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 291: // STATE 405 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][405] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 292: // STATE 406 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][406] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 293: // STATE 407 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][407] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 294: // STATE 408 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][408] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 295: // STATE 409 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][409] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 296: // STATE 413 - consumer.pml:56 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][413] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 297: // STATE 414 - consumer.pml:58 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][414] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 298: // STATE 415 - consumer.pml:60 - [(((rm&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][415] = 1;
		if (!(((((int)((P3 *)_this)->rm)&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 299: // STATE 416 - consumer.pml:62 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][416] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 300: // STATE 417 - store.pml:37 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][417] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 301: // STATE 418 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:438:1 - 1)
		IfNotBlocked
		reached[3][418] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0(438, 419, 438) */
		reached[3][419] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 424, 438) */
		reached[3][424] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 302: // STATE 426 - consumer.pml:64 - [((1&&0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][426] = 1;
		if (!((1&&0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 303: // STATE 427 - store.pml:37 - [((store[(2+j)]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][427] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 304: // STATE 428 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))] (0:451:2 - 1)
		IfNotBlocked
		reached[3][428] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0))", II, tt, t);
		/* merge: store[(2+j)] = 0(451, 429, 451) */
		reached[3][429] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(451, 434, 451) */
		reached[3][434] = 1;
		;
		/* merge: .(goto)(451, 439, 451) */
		reached[3][439] = 1;
		;
		/* merge: .(goto)(451, 443, 451) */
		reached[3][443] = 1;
		;
		/* merge: .(goto)(451, 447, 451) */
		reached[3][447] = 1;
		;
		/* merge: j = (j+1)(451, 448, 451) */
		reached[3][448] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 305: // STATE 432 - store.pml:38 - [(1)] (451:0:1 - 1)
		IfNotBlocked
		reached[3][432] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(451, 434, 451) */
		reached[3][434] = 1;
		;
		/* merge: .(goto)(451, 439, 451) */
		reached[3][439] = 1;
		;
		/* merge: .(goto)(451, 443, 451) */
		reached[3][443] = 1;
		;
		/* merge: .(goto)(451, 447, 451) */
		reached[3][447] = 1;
		;
		/* merge: j = (j+1)(451, 448, 451) */
		reached[3][448] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 306: // STATE 437 - consumer.pml:64 - [(1)] (451:0:1 - 1)
		IfNotBlocked
		reached[3][437] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(451, 439, 451) */
		reached[3][439] = 1;
		;
		/* merge: .(goto)(451, 443, 451) */
		reached[3][443] = 1;
		;
		/* merge: .(goto)(451, 447, 451) */
		reached[3][447] = 1;
		;
		/* merge: j = (j+1)(451, 448, 451) */
		reached[3][448] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 307: // STATE 441 - consumer.pml:65 - [mayleave[o] = 1] (0:451:2 - 1)
		IfNotBlocked
		reached[3][441] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(451, 443, 451) */
		reached[3][443] = 1;
		;
		/* merge: .(goto)(451, 447, 451) */
		reached[3][447] = 1;
		;
		/* merge: j = (j+1)(451, 448, 451) */
		reached[3][448] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 308: // STATE 445 - consumer.pml:67 - [(1)] (451:0:1 - 1)
		IfNotBlocked
		reached[3][445] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(451, 447, 451) */
		reached[3][447] = 1;
		;
		/* merge: j = (j+1)(451, 448, 451) */
		reached[3][448] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 309: // STATE 448 - consumer.pml:69 - [j = (j+1)] (0:451:1 - 9)
		IfNotBlocked
		reached[3][448] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 452, 451) */
		reached[3][452] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 310: // STATE 461 - consumer.pml:341 - [answer[o] = 2] (0:0:1 - 3)
		IfNotBlocked
		reached[3][461] = 1;
		(trpt+1)->bup.oval = ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.answer[ Index(((P3 *)_this)->o, 3) ] = 2;
#ifdef VAR_RANGES
		logval("answer[invocation:o]", ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 311: // STATE 465 - consumer.pml:11 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][465] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 312: // STATE 466 - consumer.pml:11 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][466] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 313: // STATE 467 - consumer.pml:11 - [stale[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][467] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.stale[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("stale[invocation:o]", ((int)now.stale[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 314: // STATE 472 - consumer.pml:25 - [effects[r] = (effects[r]+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][472] = 1;
		(trpt+1)->bup.oval = ((int)now.effects[ Index(((int)((P3 *)_this)->r), 2) ]);
		now.effects[ Index(((P3 *)_this)->r, 2) ] = (((int)now.effects[ Index(((int)((P3 *)_this)->r), 2) ])+1);
#ifdef VAR_RANGES
		logval("effects[invocation:r]", ((int)now.effects[ Index(((int)((P3 *)_this)->r), 2) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 315: // STATE 473 - consumer.pml:26 - [assert(((effects[r]<=1)||((((((gOutlived[r]||gCrash[r])||gCommitFailed[r])||gOpen[r])||gStaleTrusted[r])||gWindow[r])||gFailover)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][473] = 1;
		spin_assert(((((int)now.effects[ Index(((int)((P3 *)_this)->r), 2) ])<=1)||((((((((int)now.gOutlived[ Index(((int)((P3 *)_this)->r), 2) ])||((int)now.gCrash[ Index(((int)((P3 *)_this)->r), 2) ]))||((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->r), 2) ]))||((int)now.gOpen[ Index(((int)((P3 *)_this)->r), 2) ]))||((int)now.gStaleTrusted[ Index(((int)((P3 *)_this)->r), 2) ]))||((int)now.gWindow[ Index(((int)((P3 *)_this)->r), 2) ]))||((int)now.gFailover))), "((effects[r]<=1)||((((((gOutlived[r]||gCrash[r])||gCommitFailed[r])||gOpen[r])||gStaleTrusted[r])||gWindow[r])||gFailover))", II, tt, t);
		_m = 3; goto P999; /* 0 */
	case 316: // STATE 475 - consumer.pml:346 - [rn[((o*2)+r)] = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][475] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 2;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 317: // STATE 476 - consumer.pml:347 - [rn[((o*2)+r)] = 3] (0:0:1 - 1)
		IfNotBlocked
		reached[3][476] = 1;
		(trpt+1)->bup.oval = ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 3;
#ifdef VAR_RANGES
		logval("rn[((invocation:o*2)+invocation:r)]", ((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 318: // STATE 477 - consumer.pml:347 - [stopped = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][477] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->stopped);
		((P3 *)_this)->stopped = 1;
#ifdef VAR_RANGES
		logval("invocation:stopped", ((int)((P3 *)_this)->stopped));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 319: // STATE 480 - consumer.pml:349 - [((rn[((o*2)+r)]==2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][480] = 1;
		if (!((((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 320: // STATE 481 - consumer.pml:349 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][481] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 321: // STATE 482 - consumer.pml:349 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][482] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 322: // STATE 483 - consumer.pml:349 - [crashed[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][483] = 1;
		(trpt+1)->bup.oval = ((int)now.crashed[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.crashed[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("crashed[invocation:o]", ((int)now.crashed[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 323: // STATE 484 - consumer.pml:349 - [answer[o] = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][484] = 1;
		(trpt+1)->bup.oval = ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.answer[ Index(((P3 *)_this)->o, 3) ] = 2;
#ifdef VAR_RANGES
		logval("answer[invocation:o]", ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 324: // STATE 485 - consumer.pml:349 - [over[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][485] = 1;
		(trpt+1)->bup.oval = ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.over[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("over[invocation:o]", ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 325: // STATE 494 - consumer.pml:351 - [(timedOut)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][494] = 1;
		if (!(((int)((P3 *)_this)->timedOut)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: timedOut */  (trpt+1)->bup.oval = ((P3 *)_this)->timedOut;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P3 *)_this)->timedOut = 0;
		_m = 3; goto P999; /* 0 */
	case 326: // STATE 495 - consumer.pml:354 - [((rn[((o*2)+r)]==2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][495] = 1;
		if (!((((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 327: // STATE 496 - consumer.pml:354 - [cl[((o*2)+r)] = 8] (0:0:1 - 1)
		IfNotBlocked
		reached[3][496] = 1;
		(trpt+1)->bup.oval = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 8;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:r)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 328: // STATE 497 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][497] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 329: // STATE 498 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][498] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 330: // STATE 499 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][499] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 331: // STATE 500 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][500] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 332: // STATE 501 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][501] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 333: // STATE 502 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][502] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 334: // STATE 503 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][503] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 335: // STATE 507 - consumer.pml:33 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][507] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 336: // STATE 508 - consumer.pml:35 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][508] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 337: // STATE 509 - consumer.pml:37 - [((((1<<r)&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][509] = 1;
		if (!((((1<<((int)((P3 *)_this)->r))&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 338: // STATE 510 - consumer.pml:39 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][510] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 339: // STATE 511 - store.pml:28 - [(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][511] = 1;
		if (!(((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 340: // STATE 512 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))] (0:532:1 - 1)
		IfNotBlocked
		reached[3][512] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==1)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1(532, 513, 532) */
		reached[3][513] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 518, 532) */
		reached[3][518] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 341: // STATE 521 - store.pml:28 - [(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][521] = 1;
		if (!(((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 342: // STATE 522 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))] (0:546:2 - 1)
		IfNotBlocked
		reached[3][522] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==1)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1))", II, tt, t);
		/* merge: store[(2+j)] = 1(546, 523, 546) */
		reached[3][523] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(546, 528, 546) */
		reached[3][528] = 1;
		;
		/* merge: .(goto)(546, 533, 546) */
		reached[3][533] = 1;
		;
		/* merge: .(goto)(546, 538, 546) */
		reached[3][538] = 1;
		;
		/* merge: .(goto)(546, 542, 546) */
		reached[3][542] = 1;
		;
		/* merge: j = (j+1)(546, 543, 546) */
		reached[3][543] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 343: // STATE 526 - store.pml:29 - [(1)] (546:0:1 - 1)
		IfNotBlocked
		reached[3][526] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(546, 528, 546) */
		reached[3][528] = 1;
		;
		/* merge: .(goto)(546, 533, 546) */
		reached[3][533] = 1;
		;
		/* merge: .(goto)(546, 538, 546) */
		reached[3][538] = 1;
		;
		/* merge: .(goto)(546, 542, 546) */
		reached[3][542] = 1;
		;
		/* merge: j = (j+1)(546, 543, 546) */
		reached[3][543] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 344: // STATE 531 - consumer.pml:41 - [(1)] (546:0:1 - 1)
		IfNotBlocked
		reached[3][531] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(546, 533, 546) */
		reached[3][533] = 1;
		;
		/* merge: .(goto)(546, 538, 546) */
		reached[3][538] = 1;
		;
		/* merge: .(goto)(546, 542, 546) */
		reached[3][542] = 1;
		;
		/* merge: j = (j+1)(546, 543, 546) */
		reached[3][543] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 345: // STATE 535 - consumer.pml:42 - [gCommitFailed[j] = 1] (0:546:3 - 1)
		IfNotBlocked
		reached[3][535] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]);
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCommitFailed[invocation:j]", ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]));
#endif
		;
		/* merge: mayleave[o] = 1(546, 536, 546) */
		reached[3][536] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(546, 538, 546) */
		reached[3][538] = 1;
		;
		/* merge: .(goto)(546, 542, 546) */
		reached[3][542] = 1;
		;
		/* merge: j = (j+1)(546, 543, 546) */
		reached[3][543] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 346: // STATE 540 - consumer.pml:44 - [(1)] (546:0:1 - 1)
		IfNotBlocked
		reached[3][540] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(546, 542, 546) */
		reached[3][542] = 1;
		;
		/* merge: j = (j+1)(546, 543, 546) */
		reached[3][543] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 347: // STATE 543 - consumer.pml:46 - [j = (j+1)] (0:546:1 - 9)
		IfNotBlocked
		reached[3][543] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 547, 546) */
		reached[3][547] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 348: // STATE 552 - consumer.pml:355 - [cl[((o*2)+r)] = 9] (0:0:1 - 1)
		IfNotBlocked
		reached[3][552] = 1;
		(trpt+1)->bup.oval = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 9;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:r)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 349: // STATE 553 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][553] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 350: // STATE 554 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][554] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 351: // STATE 555 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][555] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 352: // STATE 556 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][556] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 353: // STATE 557 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][557] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 354: // STATE 558 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][558] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 355: // STATE 559 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][559] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 356: // STATE 563 - consumer.pml:56 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][563] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 357: // STATE 564 - consumer.pml:58 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][564] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 358: // STATE 565 - consumer.pml:60 - [((((1<<r)&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][565] = 1;
		if (!((((1<<((int)((P3 *)_this)->r))&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 359: // STATE 566 - consumer.pml:62 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][566] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 360: // STATE 567 - store.pml:37 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][567] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 361: // STATE 568 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:588:1 - 1)
		IfNotBlocked
		reached[3][568] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0(588, 569, 588) */
		reached[3][569] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 574, 588) */
		reached[3][574] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 362: // STATE 576 - consumer.pml:64 - [((1&&0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][576] = 1;
		if (!((1&&0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 363: // STATE 577 - store.pml:37 - [((store[(2+j)]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][577] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 364: // STATE 578 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))] (0:601:2 - 1)
		IfNotBlocked
		reached[3][578] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0))", II, tt, t);
		/* merge: store[(2+j)] = 0(601, 579, 601) */
		reached[3][579] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(601, 584, 601) */
		reached[3][584] = 1;
		;
		/* merge: .(goto)(601, 589, 601) */
		reached[3][589] = 1;
		;
		/* merge: .(goto)(601, 593, 601) */
		reached[3][593] = 1;
		;
		/* merge: .(goto)(601, 597, 601) */
		reached[3][597] = 1;
		;
		/* merge: j = (j+1)(601, 598, 601) */
		reached[3][598] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 365: // STATE 582 - store.pml:38 - [(1)] (601:0:1 - 1)
		IfNotBlocked
		reached[3][582] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(601, 584, 601) */
		reached[3][584] = 1;
		;
		/* merge: .(goto)(601, 589, 601) */
		reached[3][589] = 1;
		;
		/* merge: .(goto)(601, 593, 601) */
		reached[3][593] = 1;
		;
		/* merge: .(goto)(601, 597, 601) */
		reached[3][597] = 1;
		;
		/* merge: j = (j+1)(601, 598, 601) */
		reached[3][598] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 366: // STATE 587 - consumer.pml:64 - [(1)] (601:0:1 - 1)
		IfNotBlocked
		reached[3][587] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(601, 589, 601) */
		reached[3][589] = 1;
		;
		/* merge: .(goto)(601, 593, 601) */
		reached[3][593] = 1;
		;
		/* merge: .(goto)(601, 597, 601) */
		reached[3][597] = 1;
		;
		/* merge: j = (j+1)(601, 598, 601) */
		reached[3][598] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 367: // STATE 591 - consumer.pml:65 - [mayleave[o] = 1] (0:601:2 - 1)
		IfNotBlocked
		reached[3][591] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(601, 593, 601) */
		reached[3][593] = 1;
		;
		/* merge: .(goto)(601, 597, 601) */
		reached[3][597] = 1;
		;
		/* merge: j = (j+1)(601, 598, 601) */
		reached[3][598] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 368: // STATE 595 - consumer.pml:67 - [(1)] (601:0:1 - 1)
		IfNotBlocked
		reached[3][595] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(601, 597, 601) */
		reached[3][597] = 1;
		;
		/* merge: j = (j+1)(601, 598, 601) */
		reached[3][598] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 369: // STATE 598 - consumer.pml:69 - [j = (j+1)] (0:601:1 - 9)
		IfNotBlocked
		reached[3][598] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 602, 601) */
		reached[3][602] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 370: // STATE 608 - consumer.pml:357 - [over[o] = 1] (0:0:1 - 3)
		IfNotBlocked
		reached[3][608] = 1;
		(trpt+1)->bup.oval = ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.over[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("over[invocation:o]", ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 371: // STATE 614 - consumer.pml:363 - [(((rn[((o*2)+r)]==2)&&(cl[((o*2)+r)]==1)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][614] = 1;
		if (!(((((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==2)&&(((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ])==1))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 372: // STATE 615 - consumer.pml:364 - [cl[((o*2)+r)] = 8] (0:0:1 - 1)
		IfNotBlocked
		reached[3][615] = 1;
		(trpt+1)->bup.oval = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = 8;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:r)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->r)), 6) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 373: // STATE 616 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][616] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 374: // STATE 617 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][617] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 375: // STATE 618 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][618] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 376: // STATE 619 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][619] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 377: // STATE 620 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][620] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 378: // STATE 621 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][621] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 379: // STATE 622 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][622] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 380: // STATE 626 - consumer.pml:33 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][626] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 381: // STATE 627 - consumer.pml:35 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][627] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 382: // STATE 628 - consumer.pml:37 - [((((1<<r)&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][628] = 1;
		if (!((((1<<((int)((P3 *)_this)->r))&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 383: // STATE 629 - consumer.pml:39 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][629] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 384: // STATE 630 - store.pml:28 - [(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][630] = 1;
		if (!(((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 385: // STATE 631 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))] (0:651:1 - 1)
		IfNotBlocked
		reached[3][631] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==1)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1(651, 632, 651) */
		reached[3][632] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 637, 651) */
		reached[3][637] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 386: // STATE 640 - store.pml:28 - [(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][640] = 1;
		if (!(((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 387: // STATE 641 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))] (0:665:2 - 1)
		IfNotBlocked
		reached[3][641] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==1)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1))", II, tt, t);
		/* merge: store[(2+j)] = 1(665, 642, 665) */
		reached[3][642] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(665, 647, 665) */
		reached[3][647] = 1;
		;
		/* merge: .(goto)(665, 652, 665) */
		reached[3][652] = 1;
		;
		/* merge: .(goto)(665, 657, 665) */
		reached[3][657] = 1;
		;
		/* merge: .(goto)(665, 661, 665) */
		reached[3][661] = 1;
		;
		/* merge: j = (j+1)(665, 662, 665) */
		reached[3][662] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 388: // STATE 645 - store.pml:29 - [(1)] (665:0:1 - 1)
		IfNotBlocked
		reached[3][645] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(665, 647, 665) */
		reached[3][647] = 1;
		;
		/* merge: .(goto)(665, 652, 665) */
		reached[3][652] = 1;
		;
		/* merge: .(goto)(665, 657, 665) */
		reached[3][657] = 1;
		;
		/* merge: .(goto)(665, 661, 665) */
		reached[3][661] = 1;
		;
		/* merge: j = (j+1)(665, 662, 665) */
		reached[3][662] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 389: // STATE 650 - consumer.pml:41 - [(1)] (665:0:1 - 1)
		IfNotBlocked
		reached[3][650] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(665, 652, 665) */
		reached[3][652] = 1;
		;
		/* merge: .(goto)(665, 657, 665) */
		reached[3][657] = 1;
		;
		/* merge: .(goto)(665, 661, 665) */
		reached[3][661] = 1;
		;
		/* merge: j = (j+1)(665, 662, 665) */
		reached[3][662] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 390: // STATE 654 - consumer.pml:42 - [gCommitFailed[j] = 1] (0:665:3 - 1)
		IfNotBlocked
		reached[3][654] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]);
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCommitFailed[invocation:j]", ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]));
#endif
		;
		/* merge: mayleave[o] = 1(665, 655, 665) */
		reached[3][655] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(665, 657, 665) */
		reached[3][657] = 1;
		;
		/* merge: .(goto)(665, 661, 665) */
		reached[3][661] = 1;
		;
		/* merge: j = (j+1)(665, 662, 665) */
		reached[3][662] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 391: // STATE 659 - consumer.pml:44 - [(1)] (665:0:1 - 1)
		IfNotBlocked
		reached[3][659] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(665, 661, 665) */
		reached[3][661] = 1;
		;
		/* merge: j = (j+1)(665, 662, 665) */
		reached[3][662] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 392: // STATE 662 - consumer.pml:46 - [j = (j+1)] (0:665:1 - 9)
		IfNotBlocked
		reached[3][662] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 666, 665) */
		reached[3][666] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 393: // STATE 670 - consumer.pml:365 - [(1)] (678:0:1 - 1)
		IfNotBlocked
		reached[3][670] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(678, 672, 678) */
		reached[3][672] = 1;
		;
		/* merge: .(goto)(678, 674, 678) */
		reached[3][674] = 1;
		;
		/* merge: .(goto)(678, 676, 678) */
		reached[3][676] = 1;
		;
		/* merge: r = (r+1)(678, 677, 678) */
		reached[3][677] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 679, 678) */
		reached[3][679] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 394: // STATE 677 - consumer.pml:369 - [r = (r+1)] (0:678:1 - 8)
		IfNotBlocked
		reached[3][677] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->r);
		((P3 *)_this)->r = (((int)((P3 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("invocation:r", ((int)((P3 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 679, 678) */
		reached[3][679] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 395: // STATE 681 - consumer.pml:194 - [cm = 0] (0:705:2 - 1)
		IfNotBlocked
		reached[3][681] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P3 *)_this)->cm);
		((P3 *)_this)->cm = 0;
#ifdef VAR_RANGES
		logval("invocation:cm", ((int)((P3 *)_this)->cm));
#endif
		;
		/* merge: rm = 0(705, 682, 705) */
		reached[3][682] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = 0;
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		_m = 3; goto P999; /* 1 */
	case 396: // STATE 683 - consumer.pml:197 - [j = from] (0:0:1 - 1)
		IfNotBlocked
		reached[3][683] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 397: // STATE 684 - consumer.pml:199 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][684] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 398: // STATE 685 - consumer.pml:201 - [((cl[((o*2)+j)]==2))] (702:0:2 - 1)
		IfNotBlocked
		reached[3][685] = 1;
		if (!((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==2)))
			continue;
		/* merge: cl[((o*2)+j)] = 9(702, 686, 702) */
		reached[3][686] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 9;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: .(goto)(702, 698, 702) */
		reached[3][698] = 1;
		;
		/* merge: j = (j+1)(702, 699, 702) */
		reached[3][699] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 399: // STATE 687 - consumer.pml:202 - [(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==1)))] (702:0:2 - 1)
		IfNotBlocked
		reached[3][687] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1))))
			continue;
		/* merge: cl[((o*2)+j)] = 7(702, 688, 702) */
		reached[3][688] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 7;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: .(goto)(702, 698, 702) */
		reached[3][698] = 1;
		;
		/* merge: j = (j+1)(702, 699, 702) */
		reached[3][699] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 400: // STATE 689 - consumer.pml:203 - [(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==2)))] (702:0:3 - 1)
		IfNotBlocked
		reached[3][689] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==2))))
			continue;
		/* merge: cl[((o*2)+j)] = 8(702, 690, 702) */
		reached[3][690] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 8;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: cm = (cm|(1<<j))(702, 691, 702) */
		reached[3][691] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->cm);
		((P3 *)_this)->cm = (((int)((P3 *)_this)->cm)|(1<<((int)((P3 *)_this)->j)));
#ifdef VAR_RANGES
		logval("invocation:cm", ((int)((P3 *)_this)->cm));
#endif
		;
		/* merge: .(goto)(702, 698, 702) */
		reached[3][698] = 1;
		;
		/* merge: j = (j+1)(702, 699, 702) */
		reached[3][699] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 401: // STATE 692 - consumer.pml:204 - [((((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]!=1))&&(rn[((o*2)+j)]!=2)))] (702:0:3 - 1)
		IfNotBlocked
		reached[3][692] = 1;
		if (!((((((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])==1)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])!=1))&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ])!=2))))
			continue;
		/* merge: cl[((o*2)+j)] = 9(702, 693, 702) */
		reached[3][693] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]);
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = 9;
#ifdef VAR_RANGES
		logval("cl[((invocation:o*2)+invocation:j)]", ((int)now.cl[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->j)), 6) ]));
#endif
		;
		/* merge: rm = (rm|(1<<j))(702, 694, 702) */
		reached[3][694] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->rm);
		((P3 *)_this)->rm = (((int)((P3 *)_this)->rm)|(1<<((int)((P3 *)_this)->j)));
#ifdef VAR_RANGES
		logval("invocation:rm", ((int)((P3 *)_this)->rm));
#endif
		;
		/* merge: .(goto)(702, 698, 702) */
		reached[3][698] = 1;
		;
		/* merge: j = (j+1)(702, 699, 702) */
		reached[3][699] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 402: // STATE 696 - consumer.pml:206 - [(1)] (702:0:1 - 1)
		IfNotBlocked
		reached[3][696] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(702, 698, 702) */
		reached[3][698] = 1;
		;
		/* merge: j = (j+1)(702, 699, 702) */
		reached[3][699] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 403: // STATE 699 - consumer.pml:208 - [j = (j+1)] (0:702:1 - 6)
		IfNotBlocked
		reached[3][699] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 703, 702) */
		reached[3][703] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 404: // STATE 706 - consumer.pml:212 - [((cm!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][706] = 1;
		if (!((((int)((P3 *)_this)->cm)!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 405: // STATE 707 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][707] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 406: // STATE 708 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][708] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 407: // STATE 709 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][709] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 408: // STATE 710 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][710] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 409: // STATE 711 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][711] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 410: // STATE 712 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][712] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 411: // STATE 713 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][713] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 412: // STATE 717 - consumer.pml:33 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][717] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 413: // STATE 718 - consumer.pml:35 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][718] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 414: // STATE 719 - consumer.pml:37 - [(((cm&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][719] = 1;
		if (!(((((int)((P3 *)_this)->cm)&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 415: // STATE 720 - consumer.pml:39 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][720] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 416: // STATE 721 - store.pml:28 - [(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][721] = 1;
		if (!(((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 417: // STATE 722 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))] (0:742:1 - 1)
		IfNotBlocked
		reached[3][722] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==1)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1(742, 723, 742) */
		reached[3][723] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 728, 742) */
		reached[3][728] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 418: // STATE 731 - store.pml:28 - [(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][731] = 1;
		if (!(((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 419: // STATE 732 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))] (0:756:2 - 1)
		IfNotBlocked
		reached[3][732] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==1)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1))", II, tt, t);
		/* merge: store[(2+j)] = 1(756, 733, 756) */
		reached[3][733] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 1;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(756, 738, 756) */
		reached[3][738] = 1;
		;
		/* merge: .(goto)(756, 743, 756) */
		reached[3][743] = 1;
		;
		/* merge: .(goto)(756, 748, 756) */
		reached[3][748] = 1;
		;
		/* merge: .(goto)(756, 752, 756) */
		reached[3][752] = 1;
		;
		/* merge: j = (j+1)(756, 753, 756) */
		reached[3][753] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 420: // STATE 736 - store.pml:29 - [(1)] (756:0:1 - 1)
		IfNotBlocked
		reached[3][736] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(756, 738, 756) */
		reached[3][738] = 1;
		;
		/* merge: .(goto)(756, 743, 756) */
		reached[3][743] = 1;
		;
		/* merge: .(goto)(756, 748, 756) */
		reached[3][748] = 1;
		;
		/* merge: .(goto)(756, 752, 756) */
		reached[3][752] = 1;
		;
		/* merge: j = (j+1)(756, 753, 756) */
		reached[3][753] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 421: // STATE 741 - consumer.pml:41 - [(1)] (756:0:1 - 1)
		IfNotBlocked
		reached[3][741] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(756, 743, 756) */
		reached[3][743] = 1;
		;
		/* merge: .(goto)(756, 748, 756) */
		reached[3][748] = 1;
		;
		/* merge: .(goto)(756, 752, 756) */
		reached[3][752] = 1;
		;
		/* merge: j = (j+1)(756, 753, 756) */
		reached[3][753] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 422: // STATE 745 - consumer.pml:42 - [gCommitFailed[j] = 1] (0:756:3 - 1)
		IfNotBlocked
		reached[3][745] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]);
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCommitFailed[invocation:j]", ((int)now.gCommitFailed[ Index(((int)((P3 *)_this)->j), 2) ]));
#endif
		;
		/* merge: mayleave[o] = 1(756, 746, 756) */
		reached[3][746] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(756, 748, 756) */
		reached[3][748] = 1;
		;
		/* merge: .(goto)(756, 752, 756) */
		reached[3][752] = 1;
		;
		/* merge: j = (j+1)(756, 753, 756) */
		reached[3][753] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 423: // STATE 750 - consumer.pml:44 - [(1)] (756:0:1 - 1)
		IfNotBlocked
		reached[3][750] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(756, 752, 756) */
		reached[3][752] = 1;
		;
		/* merge: j = (j+1)(756, 753, 756) */
		reached[3][753] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 424: // STATE 753 - consumer.pml:46 - [j = (j+1)] (0:756:1 - 9)
		IfNotBlocked
		reached[3][753] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 757, 756) */
		reached[3][757] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 425: // STATE 765 - consumer.pml:213 - [((rm!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][765] = 1;
		if (!((((int)((P3 *)_this)->rm)!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 426: // STATE 766 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][766] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 427: // STATE 767 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][767] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 428: // STATE 768 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][768] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 429: // STATE 769 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][769] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 430: // STATE 770 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][770] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 431: // STATE 771 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][771] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 432: // STATE 772 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[3][772] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->out);
		((P3 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("invocation:out", ((int)((P3 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 433: // STATE 776 - consumer.pml:56 - [j = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[3][776] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = 0;
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 434: // STATE 777 - consumer.pml:58 - [((j<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][777] = 1;
		if (!((((int)((P3 *)_this)->j)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 435: // STATE 778 - consumer.pml:60 - [(((rm&(1<<j))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][778] = 1;
		if (!(((((int)((P3 *)_this)->rm)&(1<<((int)((P3 *)_this)->j)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 436: // STATE 779 - consumer.pml:62 - [((out!=1))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][779] = 1;
		if (!((((int)((P3 *)_this)->out)!=1)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 437: // STATE 780 - store.pml:37 - [((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][780] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 438: // STATE 781 - store.pml:9 - [assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))] (0:801:1 - 1)
		IfNotBlocked
		reached[3][781] = 1;
		spin_assert((( !((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])>=2))||((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ])==0)), "(( !((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0))", II, tt, t);
		/* merge: store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0(801, 782, 801) */
		reached[3][782] = 1;
		(trpt+1)->bup.oval = ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]);
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[( ((ver[invocation:o]==1)) ? ((2+invocation:j)) : (invocation:j) )]", ((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P3 *)_this)->o), 3) ])==1)) ? ((2+((int)((P3 *)_this)->j))) : (((int)((P3 *)_this)->j)) ), 4) ]));
#endif
		;
		/* merge: .(goto)(0, 787, 801) */
		reached[3][787] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 439: // STATE 789 - consumer.pml:64 - [((1&&0))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][789] = 1;
		if (!((1&&0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 440: // STATE 790 - store.pml:37 - [((store[(2+j)]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][790] = 1;
		if (!((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==(2+((int)((P3 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 441: // STATE 791 - store.pml:9 - [assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))] (0:814:2 - 1)
		IfNotBlocked
		reached[3][791] = 1;
		spin_assert((( !((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])>=2))||((((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])-2)==((int)((P3 *)_this)->o)))||(((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ])==0)), "(( !((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0))", II, tt, t);
		/* merge: store[(2+j)] = 0(814, 792, 814) */
		reached[3][792] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]);
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[(2+invocation:j)]", ((int)now.store[ Index((2+((int)((P3 *)_this)->j)), 4) ]));
#endif
		;
		/* merge: .(goto)(814, 797, 814) */
		reached[3][797] = 1;
		;
		/* merge: .(goto)(814, 802, 814) */
		reached[3][802] = 1;
		;
		/* merge: .(goto)(814, 806, 814) */
		reached[3][806] = 1;
		;
		/* merge: .(goto)(814, 810, 814) */
		reached[3][810] = 1;
		;
		/* merge: j = (j+1)(814, 811, 814) */
		reached[3][811] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 7 */
	case 442: // STATE 795 - store.pml:38 - [(1)] (814:0:1 - 1)
		IfNotBlocked
		reached[3][795] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(814, 797, 814) */
		reached[3][797] = 1;
		;
		/* merge: .(goto)(814, 802, 814) */
		reached[3][802] = 1;
		;
		/* merge: .(goto)(814, 806, 814) */
		reached[3][806] = 1;
		;
		/* merge: .(goto)(814, 810, 814) */
		reached[3][810] = 1;
		;
		/* merge: j = (j+1)(814, 811, 814) */
		reached[3][811] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 6 */
	case 443: // STATE 800 - consumer.pml:64 - [(1)] (814:0:1 - 1)
		IfNotBlocked
		reached[3][800] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(814, 802, 814) */
		reached[3][802] = 1;
		;
		/* merge: .(goto)(814, 806, 814) */
		reached[3][806] = 1;
		;
		/* merge: .(goto)(814, 810, 814) */
		reached[3][810] = 1;
		;
		/* merge: j = (j+1)(814, 811, 814) */
		reached[3][811] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 444: // STATE 804 - consumer.pml:65 - [mayleave[o] = 1] (0:814:2 - 1)
		IfNotBlocked
		reached[3][804] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[invocation:o]", ((int)now.mayleave[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(814, 806, 814) */
		reached[3][806] = 1;
		;
		/* merge: .(goto)(814, 810, 814) */
		reached[3][810] = 1;
		;
		/* merge: j = (j+1)(814, 811, 814) */
		reached[3][811] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 445: // STATE 808 - consumer.pml:67 - [(1)] (814:0:1 - 1)
		IfNotBlocked
		reached[3][808] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(814, 810, 814) */
		reached[3][810] = 1;
		;
		/* merge: j = (j+1)(814, 811, 814) */
		reached[3][811] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 446: // STATE 811 - consumer.pml:69 - [j = (j+1)] (0:814:1 - 9)
		IfNotBlocked
		reached[3][811] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->j);
		((P3 *)_this)->j = (((int)((P3 *)_this)->j)+1);
#ifdef VAR_RANGES
		logval("invocation:j", ((int)((P3 *)_this)->j));
#endif
		;
		/* merge: .(goto)(0, 815, 814) */
		reached[3][815] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 447: // STATE 820 - consumer.pml:213 - [(1)] (829:0:1 - 1)
		IfNotBlocked
		reached[3][820] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(829, 822, 829) */
		reached[3][822] = 1;
		;
		/* merge: f = from(829, 824, 829) */
		reached[3][824] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->f);
		((P3 *)_this)->f = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:f", ((int)((P3 *)_this)->f));
#endif
		;
		/* merge: .(goto)(0, 830, 829) */
		reached[3][830] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 448: // STATE 824 - consumer.pml:374 - [f = from] (0:829:1 - 3)
		IfNotBlocked
		reached[3][824] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->f);
		((P3 *)_this)->f = ((int)((P3 *)_this)->from);
#ifdef VAR_RANGES
		logval("invocation:f", ((int)((P3 *)_this)->f));
#endif
		;
		/* merge: .(goto)(0, 830, 829) */
		reached[3][830] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 449: // STATE 825 - consumer.pml:376 - [(((f<2)&&(rn[((o*2)+f)]!=3)))] (0:0:0 - 1)
		IfNotBlocked
		reached[3][825] = 1;
		if (!(((((int)((P3 *)_this)->f)<2)&&(((int)now.rn[ Index(((((int)((P3 *)_this)->o)*2)+((int)((P3 *)_this)->f)), 6) ])!=3))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 450: // STATE 826 - consumer.pml:376 - [f = (f+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[3][826] = 1;
		(trpt+1)->bup.oval = ((int)((P3 *)_this)->f);
		((P3 *)_this)->f = (((int)((P3 *)_this)->f)+1);
#ifdef VAR_RANGES
		logval("invocation:f", ((int)((P3 *)_this)->f));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 451: // STATE 832 - consumer.pml:379 - [answer[o] = ( ((f==2)) -> (1) : ((3+f)) )] (0:0:1 - 3)
		IfNotBlocked
		reached[3][832] = 1;
		(trpt+1)->bup.oval = ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.answer[ Index(((P3 *)_this)->o, 3) ] = ( ((((int)((P3 *)_this)->f)==2)) ? (1) : ((3+((int)((P3 *)_this)->f))) );
#ifdef VAR_RANGES
		logval("answer[invocation:o]", ((int)now.answer[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 452: // STATE 833 - consumer.pml:380 - [over[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[3][833] = 1;
		(trpt+1)->bup.oval = ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]);
		now.over[ Index(((P3 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("over[invocation:o]", ((int)now.over[ Index(((int)((P3 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 453: // STATE 834 - consumer.pml:382 - [alive = (alive-1)] (0:0:1 - 7)
		IfNotBlocked
		reached[3][834] = 1;
		(trpt+1)->bup.oval = ((int)now.alive);
		now.alive = (((int)now.alive)-1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 454: // STATE 835 - consumer.pml:383 - [-end-] (0:0:0 - 1)
		IfNotBlocked
		reached[3][835] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */

		 /* PROC late */
	case 455: // STATE 1 - consumer.pml:127 - [mine = 0] (0:28:2 - 1)
		IfNotBlocked
		reached[2][1] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)((P2 *)_this)->mine);
		((P2 *)_this)->mine = 0;
#ifdef VAR_RANGES
		logval("late:mine", ((int)((P2 *)_this)->mine));
#endif
		;
		/* merge: k = 0(28, 2, 28) */
		reached[2][2] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = 0;
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 29, 28) */
		reached[2][29] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 456: // STATE 3 - consumer.pml:130 - [((k<(2*2)))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][3] = 1;
		if (!((((int)((P2 *)_this)->k)<(2*2))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 457: // STATE 4 - consumer.pml:132 - [(((mask&(1<<k))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][4] = 1;
		if (!(((((int)((P2 *)_this)->mask)&(1<<((int)((P2 *)_this)->k)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 458: // STATE 5 - store.pml:16 - [((store[k]==0))] (19:0:2 - 1)
		IfNotBlocked
		reached[2][5] = 1;
		if (!((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])==0)))
			continue;
		/* merge: store[k] = (2+o)(19, 6, 19) */
		reached[2][6] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ]);
		now.store[ Index(((P2 *)_this)->k, 4) ] = (2+((int)((P2 *)_this)->o));
#ifdef VAR_RANGES
		logval("store[late:k]", ((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ]));
#endif
		;
		/* merge: res = 0(19, 7, 19) */
		reached[2][7] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P2 *)_this)->res);
		((P2 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("late:res", ((int)((P2 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 13, 19) */
		reached[2][13] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 459: // STATE 8 - store.pml:17 - [((store[k]==1))] (19:0:1 - 1)
		IfNotBlocked
		reached[2][8] = 1;
		if (!((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 9, 19) */
		reached[2][9] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->res);
		((P2 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("late:res", ((int)((P2 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 13, 19) */
		reached[2][13] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 460: // STATE 10 - store.pml:18 - [((store[k]>=2))] (19:0:1 - 1)
		IfNotBlocked
		reached[2][10] = 1;
		if (!((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])>=2)))
			continue;
		/* merge: res = 2(0, 11, 19) */
		reached[2][11] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->res);
		((P2 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("late:res", ((int)((P2 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 13, 19) */
		reached[2][13] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 461: // STATE 15 - consumer.pml:134 - [((res==0))] (28:0:3 - 1)
		IfNotBlocked
		reached[2][15] = 1;
		if (!((((int)((P2 *)_this)->res)==0)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: res */  (trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((P2 *)_this)->res;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P2 *)_this)->res = 0;
		/* merge: mine = (mine|(1<<k))(28, 16, 28) */
		reached[2][16] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P2 *)_this)->mine);
		((P2 *)_this)->mine = (((int)((P2 *)_this)->mine)|(1<<((int)((P2 *)_this)->k)));
#ifdef VAR_RANGES
		logval("late:mine", ((int)((P2 *)_this)->mine));
#endif
		;
		/* merge: .(goto)(28, 20, 28) */
		reached[2][20] = 1;
		;
		/* merge: .(goto)(28, 24, 28) */
		reached[2][24] = 1;
		;
		/* merge: k = (k+1)(28, 25, 28) */
		reached[2][25] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 29, 28) */
		reached[2][29] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 462: // STATE 18 - consumer.pml:134 - [(1)] (28:0:1 - 1)
		IfNotBlocked
		reached[2][18] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(28, 20, 28) */
		reached[2][20] = 1;
		;
		/* merge: .(goto)(28, 24, 28) */
		reached[2][24] = 1;
		;
		/* merge: k = (k+1)(28, 25, 28) */
		reached[2][25] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 29, 28) */
		reached[2][29] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 463: // STATE 22 - consumer.pml:135 - [(1)] (28:0:1 - 1)
		IfNotBlocked
		reached[2][22] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(28, 24, 28) */
		reached[2][24] = 1;
		;
		/* merge: k = (k+1)(28, 25, 28) */
		reached[2][25] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 29, 28) */
		reached[2][29] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 464: // STATE 25 - consumer.pml:137 - [k = (k+1)] (0:28:1 - 5)
		IfNotBlocked
		reached[2][25] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 29, 28) */
		reached[2][29] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 465: // STATE 32 - consumer.pml:142 - [(!(crashed[o]))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][32] = 1;
		if (!( !(((int)now.crashed[ Index(((int)((P2 *)_this)->o), 3) ]))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 466: // STATE 33 - consumer.pml:148 - [k = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[2][33] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = 0;
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 467: // STATE 34 - consumer.pml:150 - [((k<(2*2)))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][34] = 1;
		if (!((((int)((P2 *)_this)->k)<(2*2))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 468: // STATE 35 - consumer.pml:151 - [(((mine&(1<<k))!=0))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][35] = 1;
		if (!(((((int)((P2 *)_this)->mine)&(1<<((int)((P2 *)_this)->k)))!=0)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 469: // STATE 36 - store.pml:37 - [((store[k]==(2+o)))] (0:0:0 - 1)
		IfNotBlocked
		reached[2][36] = 1;
		if (!((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])==(2+((int)((P2 *)_this)->o)))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 470: // STATE 37 - store.pml:9 - [assert(((!((store[k]>=2))||((store[k]-2)==o))||(store[k]==0)))] (0:52:2 - 1)
		IfNotBlocked
		reached[2][37] = 1;
		spin_assert((( !((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])>=2))||((((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])-2)==((int)((P2 *)_this)->o)))||(((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ])==0)), "(( !((store[k]>=2))||((store[k]-2)==o))||(store[k]==0))", II, tt, t);
		/* merge: store[k] = 0(52, 38, 52) */
		reached[2][38] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ]);
		now.store[ Index(((P2 *)_this)->k, 4) ] = 0;
#ifdef VAR_RANGES
		logval("store[late:k]", ((int)now.store[ Index(((int)((P2 *)_this)->k), 4) ]));
#endif
		;
		/* merge: .(goto)(52, 43, 52) */
		reached[2][43] = 1;
		;
		/* merge: .(goto)(52, 48, 52) */
		reached[2][48] = 1;
		;
		/* merge: k = (k+1)(52, 49, 52) */
		reached[2][49] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 53, 52) */
		reached[2][53] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 471: // STATE 41 - store.pml:38 - [(1)] (52:0:1 - 1)
		IfNotBlocked
		reached[2][41] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(52, 43, 52) */
		reached[2][43] = 1;
		;
		/* merge: .(goto)(52, 48, 52) */
		reached[2][48] = 1;
		;
		/* merge: k = (k+1)(52, 49, 52) */
		reached[2][49] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 53, 52) */
		reached[2][53] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 472: // STATE 46 - consumer.pml:151 - [(1)] (52:0:1 - 1)
		IfNotBlocked
		reached[2][46] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(52, 48, 52) */
		reached[2][48] = 1;
		;
		/* merge: k = (k+1)(52, 49, 52) */
		reached[2][49] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 53, 52) */
		reached[2][53] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 473: // STATE 49 - consumer.pml:152 - [k = (k+1)] (0:52:1 - 5)
		IfNotBlocked
		reached[2][49] = 1;
		(trpt+1)->bup.oval = ((int)((P2 *)_this)->k);
		((P2 *)_this)->k = (((int)((P2 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("late:k", ((int)((P2 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 53, 52) */
		reached[2][53] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 474: // STATE 56 - consumer.pml:157 - [mayleave[o] = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[2][56] = 1;
		(trpt+1)->bup.oval = ((int)now.mayleave[ Index(((int)((P2 *)_this)->o), 3) ]);
		now.mayleave[ Index(((P2 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("mayleave[late:o]", ((int)now.mayleave[ Index(((int)((P2 *)_this)->o), 3) ]));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 475: // STATE 59 - consumer.pml:159 - [alive = (alive-1)] (0:0:1 - 3)
		IfNotBlocked
		reached[2][59] = 1;
		(trpt+1)->bup.oval = ((int)now.alive);
		now.alive = (((int)now.alive)-1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 476: // STATE 60 - consumer.pml:160 - [-end-] (0:0:0 - 1)
		IfNotBlocked
		reached[2][60] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */

		 /* PROC renewer */
	case 477: // STATE 1 - consumer.pml:97 - [((over[o]||crashed[o]))] (0:0:1 - 1)
		IfNotBlocked
		reached[1][1] = 1;
		if (!((((int)now.over[ Index(((int)((P1 *)_this)->o), 3) ])||((int)now.crashed[ Index(((int)((P1 *)_this)->o), 3) ]))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: o */  (trpt+1)->bup.oval = ((P1 *)_this)->o;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P1 *)_this)->o = 0;
		_m = 3; goto P999; /* 0 */
	case 478: // STATE 3 - consumer.pml:98 - [((!(over[o])&&!(crashed[o])))] (0:0:0 - 1)
		IfNotBlocked
		reached[1][3] = 1;
		if (!(( !(((int)now.over[ Index(((int)((P1 *)_this)->o), 3) ]))&& !(((int)now.crashed[ Index(((int)((P1 *)_this)->o), 3) ])))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 479: // STATE 4 - store.pml:54 - [out = 0] (0:0:1 - 1)
		IfNotBlocked
		reached[1][4] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->out);
		((P1 *)_this)->out = 0;
#ifdef VAR_RANGES
		logval("renewer:out", ((int)((P1 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 480: // STATE 5 - store.pml:55 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[1][5] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 481: // STATE 6 - store.pml:55 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[1][6] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 482: // STATE 7 - store.pml:55 - [out = 1] (0:0:1 - 1)
		IfNotBlocked
		reached[1][7] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->out);
		((P1 *)_this)->out = 1;
#ifdef VAR_RANGES
		logval("renewer:out", ((int)((P1 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 483: // STATE 8 - store.pml:56 - [((faults<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[1][8] = 1;
		if (!((((int)now.faults)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 484: // STATE 9 - store.pml:56 - [faults = (faults+1)] (0:0:1 - 1)
		IfNotBlocked
		reached[1][9] = 1;
		(trpt+1)->bup.oval = ((int)now.faults);
		now.faults = (((int)now.faults)+1);
#ifdef VAR_RANGES
		logval("faults", ((int)now.faults));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 485: // STATE 10 - store.pml:56 - [out = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[1][10] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->out);
		((P1 *)_this)->out = 2;
#ifdef VAR_RANGES
		logval("renewer:out", ((int)((P1 *)_this)->out));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 486: // STATE 14 - consumer.pml:102 - [((out==0))] (56:0:2 - 1)
		IfNotBlocked
		reached[1][14] = 1;
		if (!((((int)((P1 *)_this)->out)==0)))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: out */  (trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((P1 *)_this)->out;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P1 *)_this)->out = 0;
		/* merge: r = 0(0, 15, 56) */
		reached[1][15] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P1 *)_this)->r);
		((P1 *)_this)->r = 0;
#ifdef VAR_RANGES
		logval("renewer:r", ((int)((P1 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 57, 56) */
		reached[1][57] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 487: // STATE 16 - consumer.pml:105 - [((r<2))] (0:0:0 - 1)
		IfNotBlocked
		reached[1][16] = 1;
		if (!((((int)((P1 *)_this)->r)<2)))
			continue;
		_m = 3; goto P999; /* 0 */
	case 488: // STATE 17 - consumer.pml:107 - [(((cl[((o*2)+r)]==1)||(cl[((o*2)+r)]==7)))] (0:0:0 - 1)
		IfNotBlocked
		reached[1][17] = 1;
		if (!(((((int)now.cl[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ])==1)||(((int)now.cl[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ])==7))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 489: // STATE 18 - store.pml:45 - [((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==(2+o)))] (39:0:1 - 1)
		IfNotBlocked
		reached[1][18] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P1 *)_this)->o), 3) ])==1)) ? ((2+((int)((P1 *)_this)->r))) : (((int)((P1 *)_this)->r)) ), 4) ])==(2+((int)((P1 *)_this)->o)))))
			continue;
		/* merge: res = 0(0, 19, 39) */
		reached[1][19] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 25, 39) */
		reached[1][25] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 490: // STATE 20 - store.pml:46 - [((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==1))] (39:0:1 - 1)
		IfNotBlocked
		reached[1][20] = 1;
		if (!((((int)now.store[ Index(( ((((int)now.ver[ Index(((int)((P1 *)_this)->o), 3) ])==1)) ? ((2+((int)((P1 *)_this)->r))) : (((int)((P1 *)_this)->r)) ), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 21, 39) */
		reached[1][21] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 25, 39) */
		reached[1][25] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 491: // STATE 23 - store.pml:47 - [res = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[1][23] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 492: // STATE 27 - consumer.pml:88 - [((0&&(res==0)))] (0:0:1 - 1)
		IfNotBlocked
		reached[1][27] = 1;
		if (!((0&&(((int)((P1 *)_this)->res)==0))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: res */  (trpt+1)->bup.oval = ((P1 *)_this)->res;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P1 *)_this)->res = 0;
		_m = 3; goto P999; /* 0 */
	case 493: // STATE 28 - store.pml:45 - [((store[(2+r)]==(2+o)))] (48:0:1 - 1)
		IfNotBlocked
		reached[1][28] = 1;
		if (!((((int)now.store[ Index((2+((int)((P1 *)_this)->r)), 4) ])==(2+((int)((P1 *)_this)->o)))))
			continue;
		/* merge: res = 0(0, 29, 48) */
		reached[1][29] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 0;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 35, 48) */
		reached[1][35] = 1;
		;
		/* merge: .(goto)(0, 40, 48) */
		reached[1][40] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 494: // STATE 30 - store.pml:46 - [((store[(2+r)]==1))] (48:0:1 - 1)
		IfNotBlocked
		reached[1][30] = 1;
		if (!((((int)now.store[ Index((2+((int)((P1 *)_this)->r)), 4) ])==1)))
			continue;
		/* merge: res = 1(0, 31, 48) */
		reached[1][31] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 1;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		/* merge: .(goto)(0, 35, 48) */
		reached[1][35] = 1;
		;
		/* merge: .(goto)(0, 40, 48) */
		reached[1][40] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 495: // STATE 33 - store.pml:47 - [res = 2] (0:0:1 - 1)
		IfNotBlocked
		reached[1][33] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->res);
		((P1 *)_this)->res = 2;
#ifdef VAR_RANGES
		logval("renewer:res", ((int)((P1 *)_this)->res));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 496: // STATE 42 - consumer.pml:78 - [((((res!=0)&&(cl[((o*2)+r)]==1))&&(rn[((o*2)+r)]==0)))] (56:0:2 - 1)
		IfNotBlocked
		reached[1][42] = 1;
		if (!((((((int)((P1 *)_this)->res)!=0)&&(((int)now.cl[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ])==1))&&(((int)now.rn[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ])==0))))
			continue;
		/* merge: cl[((o*2)+r)] = ( ((res==1)) -> (3) : (6) )(56, 43, 56) */
		reached[1][43] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.cl[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ]);
		now.cl[ Index(((((P1 *)_this)->o*2)+((P1 *)_this)->r), 6) ] = ( ((((int)((P1 *)_this)->res)==1)) ? (3) : (6) );
#ifdef VAR_RANGES
		logval("cl[((renewer:o*2)+renewer:r)]", ((int)now.cl[ Index(((((int)((P1 *)_this)->o)*2)+((int)((P1 *)_this)->r)), 6) ]));
#endif
		;
		/* merge: .(goto)(56, 47, 56) */
		reached[1][47] = 1;
		;
		/* merge: .(goto)(56, 52, 56) */
		reached[1][52] = 1;
		;
		/* merge: r = (r+1)(56, 53, 56) */
		reached[1][53] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P1 *)_this)->r);
		((P1 *)_this)->r = (((int)((P1 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("renewer:r", ((int)((P1 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 57, 56) */
		reached[1][57] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 497: // STATE 45 - consumer.pml:80 - [(1)] (56:0:1 - 1)
		IfNotBlocked
		reached[1][45] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(56, 47, 56) */
		reached[1][47] = 1;
		;
		/* merge: .(goto)(56, 52, 56) */
		reached[1][52] = 1;
		;
		/* merge: r = (r+1)(56, 53, 56) */
		reached[1][53] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->r);
		((P1 *)_this)->r = (((int)((P1 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("renewer:r", ((int)((P1 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 57, 56) */
		reached[1][57] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 498: // STATE 50 - consumer.pml:110 - [(1)] (56:0:1 - 1)
		IfNotBlocked
		reached[1][50] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(56, 52, 56) */
		reached[1][52] = 1;
		;
		/* merge: r = (r+1)(56, 53, 56) */
		reached[1][53] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->r);
		((P1 *)_this)->r = (((int)((P1 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("renewer:r", ((int)((P1 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 57, 56) */
		reached[1][57] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 499: // STATE 53 - consumer.pml:112 - [r = (r+1)] (0:56:1 - 5)
		IfNotBlocked
		reached[1][53] = 1;
		(trpt+1)->bup.oval = ((int)((P1 *)_this)->r);
		((P1 *)_this)->r = (((int)((P1 *)_this)->r)+1);
#ifdef VAR_RANGES
		logval("renewer:r", ((int)((P1 *)_this)->r));
#endif
		;
		/* merge: .(goto)(0, 57, 56) */
		reached[1][57] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 500: // STATE 59 - consumer.pml:115 - [stale[o] = 0] (0:65:1 - 3)
		IfNotBlocked
		reached[1][59] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P1 *)_this)->o), 3) ]);
		now.stale[ Index(((P1 *)_this)->o, 3) ] = 0;
#ifdef VAR_RANGES
		logval("stale[renewer:o]", ((int)now.stale[ Index(((int)((P1 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(65, 63, 65) */
		reached[1][63] = 1;
		;
		/* merge: .(goto)(0, 66, 65) */
		reached[1][66] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 501: // STATE 63 - consumer.pml:118 - [.(goto)] (0:65:0 - 2)
		IfNotBlocked
		reached[1][63] = 1;
		;
		/* merge: .(goto)(0, 66, 65) */
		reached[1][66] = 1;
		;
		_m = 3; goto P999; /* 1 */
	case 502: // STATE 61 - consumer.pml:116 - [stale[o] = 1] (0:65:1 - 1)
		IfNotBlocked
		reached[1][61] = 1;
		(trpt+1)->bup.oval = ((int)now.stale[ Index(((int)((P1 *)_this)->o), 3) ]);
		now.stale[ Index(((P1 *)_this)->o, 3) ] = 1;
#ifdef VAR_RANGES
		logval("stale[renewer:o]", ((int)now.stale[ Index(((int)((P1 *)_this)->o), 3) ]));
#endif
		;
		/* merge: .(goto)(65, 63, 65) */
		reached[1][63] = 1;
		;
		/* merge: .(goto)(0, 66, 65) */
		reached[1][66] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 503: // STATE 68 - consumer.pml:120 - [alive = (alive-1)] (0:0:1 - 3)
		IfNotBlocked
		reached[1][68] = 1;
		(trpt+1)->bup.oval = ((int)now.alive);
		now.alive = (((int)now.alive)-1);
#ifdef VAR_RANGES
		logval("alive", ((int)now.alive));
#endif
		;
		_m = 3; goto P999; /* 0 */
	case 504: // STATE 69 - consumer.pml:121 - [-end-] (0:0:0 - 1)
		IfNotBlocked
		reached[1][69] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */

		 /* PROC clock */
	case 505: // STATE 1 - store.pml:111 - [(((store[0]>=2)&&((crashed[(store[0]-2)]||stale[(store[0]-2)])||!((((cl[(((store[0]-2)*2)+( ((0>=2)) ? ((0-2)) : (0) ))]==1)||(cl[(((store[0]-2)*2)+( ((0>=2)) ? ((0-2)) : (0) ))]==7))&&!(over[(store[0]-2)]))))))] (0:0:0 - 1)
		IfNotBlocked
		reached[0][1] = 1;
		if (!(((((int)now.store[0])>=2)&&((((int)now.crashed[ Index((((int)now.store[0])-2), 3) ])||((int)now.stale[ Index((((int)now.store[0])-2), 3) ]))|| !((((((int)now.cl[ Index((((((int)now.store[0])-2)*2)+( ((0>=2)) ? ((0-2)) : (0) )), 6) ])==1)||(((int)now.cl[ Index((((((int)now.store[0])-2)*2)+( ((0>=2)) ? ((0-2)) : (0) )), 6) ])==7))&& !(((int)now.over[ Index((((int)now.store[0])-2), 3) ]))))))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 506: // STATE 2 - store.pml:79 - [lo = (store[0]-2)] (0:14:3 - 1)
		IfNotBlocked
		reached[0][2] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)((P0 *)_this)->lo);
		((P0 *)_this)->lo = (((int)now.store[0])-2);
#ifdef VAR_RANGES
		logval("clock:lo", ((int)((P0 *)_this)->lo));
#endif
		;
		/* merge: lr = ( ((0>=2)) -> ((0-2)) : (0) )(14, 3, 14) */
		reached[0][3] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P0 *)_this)->lr);
		((P0 *)_this)->lr = ( ((0>=2)) ? ((0-2)) : (0) );
#ifdef VAR_RANGES
		logval("clock:lr", ((int)((P0 *)_this)->lr));
#endif
		;
		/* merge: li = ((lo*2)+lr)(14, 4, 14) */
		reached[0][4] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P0 *)_this)->li);
		((P0 *)_this)->li = ((((int)((P0 *)_this)->lo)*2)+((int)((P0 *)_this)->lr));
#ifdef VAR_RANGES
		logval("clock:li", ((int)((P0 *)_this)->li));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 507: // STATE 5 - store.pml:84 - [(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))] (0:0:1 - 1)
		IfNotBlocked
		reached[0][5] = 1;
		if (!(((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==1)||((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==2)&&(((int)now.cl[ Index(((int)((P0 *)_this)->li), 6) ])!=8)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: li */  (trpt+1)->bup.oval = ((P0 *)_this)->li;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->li = 0;
		_m = 3; goto P999; /* 0 */
	case 508: // STATE 6 - store.pml:86 - [(crashed[lo])] (85:0:3 - 1)
		IfNotBlocked
		reached[0][6] = 1;
		if (!(((int)now.crashed[ Index(((int)((P0 *)_this)->lo), 3) ])))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lo */  (trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((P0 *)_this)->lo;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->lo = 0;
		/* merge: gCrash[lr] = 1(85, 7, 85) */
		reached[0][7] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCrash[clock:lr]", ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 11, 85) */
		reached[0][11] = 1;
		;
		/* merge: .(goto)(85, 15, 85) */
		reached[0][15] = 1;
		;
		/* merge: store[0] = 0(85, 16, 85) */
		reached[0][16] = 1;
		(trpt+1)->bup.ovals[2] = ((int)now.store[0]);
		now.store[0] = 0;
#ifdef VAR_RANGES
		logval("store[0]", ((int)now.store[0]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 509: // STATE 9 - store.pml:87 - [gOutlived[lr] = 1] (0:85:2 - 1)
		IfNotBlocked
		reached[0][9] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gOutlived[clock:lr]", ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 11, 85) */
		reached[0][11] = 1;
		;
		/* merge: .(goto)(85, 15, 85) */
		reached[0][15] = 1;
		;
		/* merge: store[0] = 0(85, 16, 85) */
		reached[0][16] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.store[0]);
		now.store[0] = 0;
#ifdef VAR_RANGES
		logval("store[0]", ((int)now.store[0]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 510: // STATE 15 - store.pml:91 - [.(goto)] (0:85:1 - 4)
		IfNotBlocked
		reached[0][15] = 1;
		;
		/* merge: store[0] = 0(85, 16, 85) */
		reached[0][16] = 1;
		(trpt+1)->bup.oval = ((int)now.store[0]);
		now.store[0] = 0;
#ifdef VAR_RANGES
		logval("store[0]", ((int)now.store[0]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 511: // STATE 13 - store.pml:89 - [(1)] (85:0:1 - 1)
		IfNotBlocked
		reached[0][13] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(85, 15, 85) */
		reached[0][15] = 1;
		;
		/* merge: store[0] = 0(85, 16, 85) */
		reached[0][16] = 1;
		(trpt+1)->bup.oval = ((int)now.store[0]);
		now.store[0] = 0;
#ifdef VAR_RANGES
		logval("store[0]", ((int)now.store[0]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 512: // STATE 19 - store.pml:112 - [(((store[1]>=2)&&((crashed[(store[1]-2)]||stale[(store[1]-2)])||!((((cl[(((store[1]-2)*2)+( ((1>=2)) ? ((1-2)) : (1) ))]==1)||(cl[(((store[1]-2)*2)+( ((1>=2)) ? ((1-2)) : (1) ))]==7))&&!(over[(store[1]-2)]))))))] (0:0:0 - 1)
		IfNotBlocked
		reached[0][19] = 1;
		if (!(((((int)now.store[1])>=2)&&((((int)now.crashed[ Index((((int)now.store[1])-2), 3) ])||((int)now.stale[ Index((((int)now.store[1])-2), 3) ]))|| !((((((int)now.cl[ Index((((((int)now.store[1])-2)*2)+( ((1>=2)) ? ((1-2)) : (1) )), 6) ])==1)||(((int)now.cl[ Index((((((int)now.store[1])-2)*2)+( ((1>=2)) ? ((1-2)) : (1) )), 6) ])==7))&& !(((int)now.over[ Index((((int)now.store[1])-2), 3) ]))))))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 513: // STATE 20 - store.pml:79 - [lo = (store[1]-2)] (0:32:3 - 1)
		IfNotBlocked
		reached[0][20] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)((P0 *)_this)->lo);
		((P0 *)_this)->lo = (((int)now.store[1])-2);
#ifdef VAR_RANGES
		logval("clock:lo", ((int)((P0 *)_this)->lo));
#endif
		;
		/* merge: lr = ( ((1>=2)) -> ((1-2)) : (1) )(32, 21, 32) */
		reached[0][21] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P0 *)_this)->lr);
		((P0 *)_this)->lr = ( ((1>=2)) ? ((1-2)) : (1) );
#ifdef VAR_RANGES
		logval("clock:lr", ((int)((P0 *)_this)->lr));
#endif
		;
		/* merge: li = ((lo*2)+lr)(32, 22, 32) */
		reached[0][22] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P0 *)_this)->li);
		((P0 *)_this)->li = ((((int)((P0 *)_this)->lo)*2)+((int)((P0 *)_this)->lr));
#ifdef VAR_RANGES
		logval("clock:li", ((int)((P0 *)_this)->li));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 514: // STATE 23 - store.pml:84 - [(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))] (0:0:1 - 1)
		IfNotBlocked
		reached[0][23] = 1;
		if (!(((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==1)||((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==2)&&(((int)now.cl[ Index(((int)((P0 *)_this)->li), 6) ])!=8)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: li */  (trpt+1)->bup.oval = ((P0 *)_this)->li;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->li = 0;
		_m = 3; goto P999; /* 0 */
	case 515: // STATE 24 - store.pml:86 - [(crashed[lo])] (85:0:3 - 1)
		IfNotBlocked
		reached[0][24] = 1;
		if (!(((int)now.crashed[ Index(((int)((P0 *)_this)->lo), 3) ])))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lo */  (trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((P0 *)_this)->lo;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->lo = 0;
		/* merge: gCrash[lr] = 1(85, 25, 85) */
		reached[0][25] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCrash[clock:lr]", ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 29, 85) */
		reached[0][29] = 1;
		;
		/* merge: .(goto)(85, 33, 85) */
		reached[0][33] = 1;
		;
		/* merge: store[1] = 0(85, 34, 85) */
		reached[0][34] = 1;
		(trpt+1)->bup.ovals[2] = ((int)now.store[1]);
		now.store[1] = 0;
#ifdef VAR_RANGES
		logval("store[1]", ((int)now.store[1]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 516: // STATE 27 - store.pml:87 - [gOutlived[lr] = 1] (0:85:2 - 1)
		IfNotBlocked
		reached[0][27] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gOutlived[clock:lr]", ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 29, 85) */
		reached[0][29] = 1;
		;
		/* merge: .(goto)(85, 33, 85) */
		reached[0][33] = 1;
		;
		/* merge: store[1] = 0(85, 34, 85) */
		reached[0][34] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.store[1]);
		now.store[1] = 0;
#ifdef VAR_RANGES
		logval("store[1]", ((int)now.store[1]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 517: // STATE 33 - store.pml:91 - [.(goto)] (0:85:1 - 4)
		IfNotBlocked
		reached[0][33] = 1;
		;
		/* merge: store[1] = 0(85, 34, 85) */
		reached[0][34] = 1;
		(trpt+1)->bup.oval = ((int)now.store[1]);
		now.store[1] = 0;
#ifdef VAR_RANGES
		logval("store[1]", ((int)now.store[1]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 518: // STATE 31 - store.pml:89 - [(1)] (85:0:1 - 1)
		IfNotBlocked
		reached[0][31] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(85, 33, 85) */
		reached[0][33] = 1;
		;
		/* merge: store[1] = 0(85, 34, 85) */
		reached[0][34] = 1;
		(trpt+1)->bup.oval = ((int)now.store[1]);
		now.store[1] = 0;
#ifdef VAR_RANGES
		logval("store[1]", ((int)now.store[1]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 519: // STATE 37 - store.pml:113 - [(((store[2]>=2)&&((crashed[(store[2]-2)]||stale[(store[2]-2)])||!((((cl[(((store[2]-2)*2)+( ((2>=2)) ? ((2-2)) : (2) ))]==1)||(cl[(((store[2]-2)*2)+( ((2>=2)) ? ((2-2)) : (2) ))]==7))&&!(over[(store[2]-2)]))))))] (0:0:0 - 1)
		IfNotBlocked
		reached[0][37] = 1;
		if (!(((((int)now.store[2])>=2)&&((((int)now.crashed[ Index((((int)now.store[2])-2), 3) ])||((int)now.stale[ Index((((int)now.store[2])-2), 3) ]))|| !((((((int)now.cl[ Index((((((int)now.store[2])-2)*2)+( ((2>=2)) ? ((2-2)) : (2) )), 6) ])==1)||(((int)now.cl[ Index((((((int)now.store[2])-2)*2)+( ((2>=2)) ? ((2-2)) : (2) )), 6) ])==7))&& !(((int)now.over[ Index((((int)now.store[2])-2), 3) ]))))))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 520: // STATE 38 - store.pml:79 - [lo = (store[2]-2)] (0:50:3 - 1)
		IfNotBlocked
		reached[0][38] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)((P0 *)_this)->lo);
		((P0 *)_this)->lo = (((int)now.store[2])-2);
#ifdef VAR_RANGES
		logval("clock:lo", ((int)((P0 *)_this)->lo));
#endif
		;
		/* merge: lr = ( ((2>=2)) -> ((2-2)) : (2) )(50, 39, 50) */
		reached[0][39] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P0 *)_this)->lr);
		((P0 *)_this)->lr = ( ((2>=2)) ? ((2-2)) : (2) );
#ifdef VAR_RANGES
		logval("clock:lr", ((int)((P0 *)_this)->lr));
#endif
		;
		/* merge: li = ((lo*2)+lr)(50, 40, 50) */
		reached[0][40] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P0 *)_this)->li);
		((P0 *)_this)->li = ((((int)((P0 *)_this)->lo)*2)+((int)((P0 *)_this)->lr));
#ifdef VAR_RANGES
		logval("clock:li", ((int)((P0 *)_this)->li));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 521: // STATE 41 - store.pml:84 - [(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))] (0:0:1 - 1)
		IfNotBlocked
		reached[0][41] = 1;
		if (!(((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==1)||((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==2)&&(((int)now.cl[ Index(((int)((P0 *)_this)->li), 6) ])!=8)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: li */  (trpt+1)->bup.oval = ((P0 *)_this)->li;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->li = 0;
		_m = 3; goto P999; /* 0 */
	case 522: // STATE 42 - store.pml:86 - [(crashed[lo])] (85:0:3 - 1)
		IfNotBlocked
		reached[0][42] = 1;
		if (!(((int)now.crashed[ Index(((int)((P0 *)_this)->lo), 3) ])))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lo */  (trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((P0 *)_this)->lo;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->lo = 0;
		/* merge: gCrash[lr] = 1(85, 43, 85) */
		reached[0][43] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCrash[clock:lr]", ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 47, 85) */
		reached[0][47] = 1;
		;
		/* merge: .(goto)(85, 51, 85) */
		reached[0][51] = 1;
		;
		/* merge: store[2] = 0(85, 52, 85) */
		reached[0][52] = 1;
		(trpt+1)->bup.ovals[2] = ((int)now.store[2]);
		now.store[2] = 0;
#ifdef VAR_RANGES
		logval("store[2]", ((int)now.store[2]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 523: // STATE 45 - store.pml:87 - [gOutlived[lr] = 1] (0:85:2 - 1)
		IfNotBlocked
		reached[0][45] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gOutlived[clock:lr]", ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 47, 85) */
		reached[0][47] = 1;
		;
		/* merge: .(goto)(85, 51, 85) */
		reached[0][51] = 1;
		;
		/* merge: store[2] = 0(85, 52, 85) */
		reached[0][52] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.store[2]);
		now.store[2] = 0;
#ifdef VAR_RANGES
		logval("store[2]", ((int)now.store[2]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 524: // STATE 51 - store.pml:91 - [.(goto)] (0:85:1 - 4)
		IfNotBlocked
		reached[0][51] = 1;
		;
		/* merge: store[2] = 0(85, 52, 85) */
		reached[0][52] = 1;
		(trpt+1)->bup.oval = ((int)now.store[2]);
		now.store[2] = 0;
#ifdef VAR_RANGES
		logval("store[2]", ((int)now.store[2]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 525: // STATE 49 - store.pml:89 - [(1)] (85:0:1 - 1)
		IfNotBlocked
		reached[0][49] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(85, 51, 85) */
		reached[0][51] = 1;
		;
		/* merge: store[2] = 0(85, 52, 85) */
		reached[0][52] = 1;
		(trpt+1)->bup.oval = ((int)now.store[2]);
		now.store[2] = 0;
#ifdef VAR_RANGES
		logval("store[2]", ((int)now.store[2]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 526: // STATE 55 - store.pml:114 - [(((store[3]>=2)&&((crashed[(store[3]-2)]||stale[(store[3]-2)])||!((((cl[(((store[3]-2)*2)+( ((3>=2)) ? ((3-2)) : (3) ))]==1)||(cl[(((store[3]-2)*2)+( ((3>=2)) ? ((3-2)) : (3) ))]==7))&&!(over[(store[3]-2)]))))))] (0:0:0 - 1)
		IfNotBlocked
		reached[0][55] = 1;
		if (!(((((int)now.store[3])>=2)&&((((int)now.crashed[ Index((((int)now.store[3])-2), 3) ])||((int)now.stale[ Index((((int)now.store[3])-2), 3) ]))|| !((((((int)now.cl[ Index((((((int)now.store[3])-2)*2)+( ((3>=2)) ? ((3-2)) : (3) )), 6) ])==1)||(((int)now.cl[ Index((((((int)now.store[3])-2)*2)+( ((3>=2)) ? ((3-2)) : (3) )), 6) ])==7))&& !(((int)now.over[ Index((((int)now.store[3])-2), 3) ]))))))))
			continue;
		_m = 3; goto P999; /* 0 */
	case 527: // STATE 56 - store.pml:79 - [lo = (store[3]-2)] (0:68:3 - 1)
		IfNotBlocked
		reached[0][56] = 1;
		(trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((int)((P0 *)_this)->lo);
		((P0 *)_this)->lo = (((int)now.store[3])-2);
#ifdef VAR_RANGES
		logval("clock:lo", ((int)((P0 *)_this)->lo));
#endif
		;
		/* merge: lr = ( ((3>=2)) -> ((3-2)) : (3) )(68, 57, 68) */
		reached[0][57] = 1;
		(trpt+1)->bup.ovals[1] = ((int)((P0 *)_this)->lr);
		((P0 *)_this)->lr = ( ((3>=2)) ? ((3-2)) : (3) );
#ifdef VAR_RANGES
		logval("clock:lr", ((int)((P0 *)_this)->lr));
#endif
		;
		/* merge: li = ((lo*2)+lr)(68, 58, 68) */
		reached[0][58] = 1;
		(trpt+1)->bup.ovals[2] = ((int)((P0 *)_this)->li);
		((P0 *)_this)->li = ((((int)((P0 *)_this)->lo)*2)+((int)((P0 *)_this)->lr));
#ifdef VAR_RANGES
		logval("clock:li", ((int)((P0 *)_this)->li));
#endif
		;
		_m = 3; goto P999; /* 2 */
	case 528: // STATE 59 - store.pml:84 - [(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))] (0:0:1 - 1)
		IfNotBlocked
		reached[0][59] = 1;
		if (!(((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==1)||((((int)now.rn[ Index(((int)((P0 *)_this)->li), 6) ])==2)&&(((int)now.cl[ Index(((int)((P0 *)_this)->li), 6) ])!=8)))))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: li */  (trpt+1)->bup.oval = ((P0 *)_this)->li;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->li = 0;
		_m = 3; goto P999; /* 0 */
	case 529: // STATE 60 - store.pml:86 - [(crashed[lo])] (85:0:3 - 1)
		IfNotBlocked
		reached[0][60] = 1;
		if (!(((int)now.crashed[ Index(((int)((P0 *)_this)->lo), 3) ])))
			continue;
		if (TstOnly) return 1; /* TT */
		/* dead 1: lo */  (trpt+1)->bup.ovals = grab_ints(3);
		(trpt+1)->bup.ovals[0] = ((P0 *)_this)->lo;
#ifdef HAS_CODE
		if (!readtrail)
#endif
			((P0 *)_this)->lo = 0;
		/* merge: gCrash[lr] = 1(85, 61, 85) */
		reached[0][61] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gCrash[clock:lr]", ((int)now.gCrash[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 65, 85) */
		reached[0][65] = 1;
		;
		/* merge: .(goto)(85, 69, 85) */
		reached[0][69] = 1;
		;
		/* merge: store[3] = 0(85, 70, 85) */
		reached[0][70] = 1;
		(trpt+1)->bup.ovals[2] = ((int)now.store[3]);
		now.store[3] = 0;
#ifdef VAR_RANGES
		logval("store[3]", ((int)now.store[3]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 5 */
	case 530: // STATE 63 - store.pml:87 - [gOutlived[lr] = 1] (0:85:2 - 1)
		IfNotBlocked
		reached[0][63] = 1;
		(trpt+1)->bup.ovals = grab_ints(2);
		(trpt+1)->bup.ovals[0] = ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]);
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = 1;
#ifdef VAR_RANGES
		logval("gOutlived[clock:lr]", ((int)now.gOutlived[ Index(((int)((P0 *)_this)->lr), 2) ]));
#endif
		;
		/* merge: .(goto)(85, 65, 85) */
		reached[0][65] = 1;
		;
		/* merge: .(goto)(85, 69, 85) */
		reached[0][69] = 1;
		;
		/* merge: store[3] = 0(85, 70, 85) */
		reached[0][70] = 1;
		(trpt+1)->bup.ovals[1] = ((int)now.store[3]);
		now.store[3] = 0;
#ifdef VAR_RANGES
		logval("store[3]", ((int)now.store[3]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 4 */
	case 531: // STATE 69 - store.pml:91 - [.(goto)] (0:85:1 - 4)
		IfNotBlocked
		reached[0][69] = 1;
		;
		/* merge: store[3] = 0(85, 70, 85) */
		reached[0][70] = 1;
		(trpt+1)->bup.oval = ((int)now.store[3]);
		now.store[3] = 0;
#ifdef VAR_RANGES
		logval("store[3]", ((int)now.store[3]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 532: // STATE 67 - store.pml:89 - [(1)] (85:0:1 - 1)
		IfNotBlocked
		reached[0][67] = 1;
		if (!(1))
			continue;
		/* merge: .(goto)(85, 69, 85) */
		reached[0][69] = 1;
		;
		/* merge: store[3] = 0(85, 70, 85) */
		reached[0][70] = 1;
		(trpt+1)->bup.oval = ((int)now.store[3]);
		now.store[3] = 0;
#ifdef VAR_RANGES
		logval("store[3]", ((int)now.store[3]));
#endif
		;
		/* merge: .(goto)(0, 86, 85) */
		reached[0][86] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 533: // STATE 73 - store.pml:132 - [((esmDone&&(alive==0)))] (80:0:1 - 1)
		IfNotBlocked
		reached[0][73] = 1;
		if (!((((int)now.esmDone)&&(((int)now.alive)==0))))
			continue;
		/* merge: k = 0(0, 74, 80) */
		reached[0][74] = 1;
		(trpt+1)->bup.oval = ((int)((P0 *)_this)->k);
		((P0 *)_this)->k = 0;
#ifdef VAR_RANGES
		logval("clock:k", ((int)((P0 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 81, 80) */
		reached[0][81] = 1;
		;
		_m = 3; goto P999; /* 2 */
	case 534: // STATE 75 - store.pml:137 - [((k<(2*2)))] (80:0:1 - 1)
		IfNotBlocked
		reached[0][75] = 1;
		if (!((((int)((P0 *)_this)->k)<(2*2))))
			continue;
		/* merge: assert(((!((store[k]>=2))||crashed[(store[k]-2)])||mayleave[(store[k]-2)]))(80, 76, 80) */
		reached[0][76] = 1;
		spin_assert((( !((((int)now.store[ Index(((int)((P0 *)_this)->k), 4) ])>=2))||((int)now.crashed[ Index((((int)now.store[ Index(((int)((P0 *)_this)->k), 4) ])-2), 3) ]))||((int)now.mayleave[ Index((((int)now.store[ Index(((int)((P0 *)_this)->k), 4) ])-2), 3) ])), "(( !((store[k]>=2))||crashed[(store[k]-2)])||mayleave[(store[k]-2)])", II, tt, t);
		/* merge: k = (k+1)(80, 77, 80) */
		reached[0][77] = 1;
		(trpt+1)->bup.oval = ((int)((P0 *)_this)->k);
		((P0 *)_this)->k = (((int)((P0 *)_this)->k)+1);
#ifdef VAR_RANGES
		logval("clock:k", ((int)((P0 *)_this)->k));
#endif
		;
		/* merge: .(goto)(0, 81, 80) */
		reached[0][81] = 1;
		;
		_m = 3; goto P999; /* 3 */
	case 535: // STATE 88 - store.pml:145 - [-end-] (0:0:0 - 2)
		IfNotBlocked
		reached[0][88] = 1;
		if (!delproc(1, II)) continue;
		_m = 3; goto P999; /* 0 */
	case  _T5:	/* np_ */
		if (!((!(trpt->o_pm&4) && !(trpt->tau&128))))
			continue;
		/* else fall through */
	case  _T2:	/* true */
		_m = 3; goto P999;
#undef rand
	}

