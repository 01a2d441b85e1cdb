	switch (t->back) {
	default: Uerror("bad return move");
	case  0: goto R999; /* nothing to undo */

		 /* PROC :init: */

	case 3: // STATE 1
		;
		now.open = trpt->bup.oval;
		;
		goto R999;

	case 4: // STATE 2
		;
		now.open = trpt->bup.oval;
		;
		goto R999;

	case 5: // STATE 5
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 6: // STATE 6
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 7: // STATE 8
		;
		p_restor(II);
		;
		;
		goto R999;

		 /* PROC esm */

	case 8: // STATE 2
		;
		now.alive = trpt->bup.ovals[1];
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 9: // STATE 3
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 10: // STATE 5
		;
		((P4 *)_this)->next = trpt->bup.ovals[1];
		((P4 *)_this)->inflight = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		
	case 12: // STATE 10
		;
		((P4 *)_this)->inflight = trpt->bup.ovals[1];
		((P4 *)_this)->seen[0] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		
	case 14: // STATE 12
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 15: // STATE 15
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 16: // STATE 22
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 17: // STATE 26
		goto R999;
;
		
	case 18: // STATE 24
		goto R999;
;
		
	case 19: // STATE 120
		goto R999;

	case 20: // STATE 31
		;
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.ovals[1];
		((P4 *)_this)->f = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 21: // STATE 33
		;
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 22: // STATE 34
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 23: // STATE 37
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 24: // STATE 44
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 25: // STATE 46
		goto R999;
;
		
	case 26: // STATE 70
		goto R999;

	case 27: // STATE 52
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 28: // STATE 55
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 29: // STATE 62
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 30: // STATE 64
		goto R999;

	case 31: // STATE 73
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 32: // STATE 75
		;
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 33: // STATE 82
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 34: // STATE 82
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 35: // STATE 82
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 36: // STATE 89
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
	/* 0 */	((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 37: // STATE 92
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 38: // STATE 98
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 39: // STATE 101
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 40: // STATE 108
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 41: // STATE 110
		goto R999;
;
		
	case 42: // STATE 118
		goto R999;
;
		
	case 43: // STATE 116
		goto R999;
;
		;
		
	case 45: // STATE 125
		;
		((P4 *)_this)->inflight = trpt->bup.ovals[1];
		((P4 *)_this)->seen[1] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		
	case 47: // STATE 127
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 48: // STATE 130
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 49: // STATE 137
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 50: // STATE 141
		goto R999;
;
		
	case 51: // STATE 139
		goto R999;
;
		
	case 52: // STATE 235
		goto R999;

	case 53: // STATE 146
		;
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.ovals[1];
		((P4 *)_this)->f = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 54: // STATE 148
		;
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 55: // STATE 149
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 56: // STATE 152
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 57: // STATE 159
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 58: // STATE 161
		goto R999;
;
		
	case 59: // STATE 185
		goto R999;

	case 60: // STATE 167
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 61: // STATE 170
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 62: // STATE 177
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 63: // STATE 179
		goto R999;

	case 64: // STATE 188
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 65: // STATE 190
		;
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 66: // STATE 197
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 67: // STATE 197
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 68: // STATE 197
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 69: // STATE 204
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
	/* 0 */	((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 70: // STATE 207
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 71: // STATE 213
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 72: // STATE 216
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 73: // STATE 223
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 74: // STATE 225
		goto R999;
;
		
	case 75: // STATE 233
		goto R999;
;
		
	case 76: // STATE 231
		goto R999;
;
		;
		
	case 78: // STATE 240
		;
		((P4 *)_this)->inflight = trpt->bup.ovals[1];
		((P4 *)_this)->seen[2] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		
	case 80: // STATE 242
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 81: // STATE 245
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 82: // STATE 252
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 83: // STATE 256
		goto R999;
;
		
	case 84: // STATE 254
		goto R999;
;
		
	case 85: // STATE 350
		goto R999;

	case 86: // STATE 261
		;
		now.attempts[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.ovals[1];
		((P4 *)_this)->f = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 87: // STATE 263
		;
		now.dlq[ Index(((P4 *)_this)->f, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 88: // STATE 264
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 89: // STATE 267
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 90: // STATE 274
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 91: // STATE 276
		goto R999;
;
		
	case 92: // STATE 300
		goto R999;

	case 93: // STATE 282
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 94: // STATE 285
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 95: // STATE 292
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 96: // STATE 294
		goto R999;

	case 97: // STATE 303
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 98: // STATE 305
		;
		now.attempts[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 99: // STATE 312
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 100: // STATE 312
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 101: // STATE 312
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 102: // STATE 319
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
	/* 0 */	((P4 *)_this)->exhausted = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 103: // STATE 322
		;
		((P4 *)_this)->e = trpt->bup.ovals[1];
		now.dlq[ Index(((P4 *)_this)->e, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 104: // STATE 328
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 105: // STATE 331
		;
		((P4 *)_this)->e = trpt->bup.oval;
		;
		goto R999;

	case 106: // STATE 338
		;
		now.committed = trpt->bup.oval;
		;
		goto R999;
;
		
	case 107: // STATE 340
		goto R999;
;
		
	case 108: // STATE 348
		goto R999;
;
		
	case 109: // STATE 346
		goto R999;

	case 110: // STATE 353
		;
	/* 0 */	((P4 *)_this)->rebalanced = trpt->bup.oval;
		;
		;
		goto R999;

	case 111: // STATE 354
		;
		((P4 *)_this)->rebalanced = trpt->bup.oval;
		;
		goto R999;

	case 112: // STATE 356
		;
		now.alive = trpt->bup.ovals[1];
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 113: // STATE 357
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 114: // STATE 359
		;
		((P4 *)_this)->next = trpt->bup.ovals[1];
		((P4 *)_this)->inflight = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		
	case 116: // STATE 364
		;
		now.alive = trpt->bup.ovals[1];
		((P4 *)_this)->from[ Index(((P4 *)_this)->next, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 117: // STATE 365
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 118: // STATE 367
		;
		((P4 *)_this)->next = trpt->bup.ovals[1];
		((P4 *)_this)->inflight = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 119: // STATE 370
		;
	/* 1 */	((P4 *)_this)->next = trpt->bup.ovals[1];
	/* 0 */	((P4 *)_this)->inflight = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 120: // STATE 375
		;
		now.esmDone = trpt->bup.oval;
		;
		goto R999;

	case 121: // STATE 376
		;
		p_restor(II);
		;
		;
		goto R999;

		 /* PROC invocation */

	case 122: // STATE 1
		;
		now.alive = trpt->bup.oval;
		;
		goto R999;

	case 123: // STATE 2
		;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;

	case 124: // STATE 4
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 126: // STATE 6
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 127: // STATE 7
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 129: // STATE 9
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 130: // STATE 10
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 132: // STATE 12
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 133: // STATE 13
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 134: // STATE 17
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 137: // STATE 30
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[2];
		((P3 *)_this)->res = trpt->bup.ovals[1];
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->r)) : (((P3 *)_this)->r) ), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 138: // STATE 30
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[1];
		((P3 *)_this)->res = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 139: // STATE 30
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[1];
		((P3 *)_this)->res = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 140: // STATE 30
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 141: // STATE 32
		;
		((P3 *)_this)->lm = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 143: // STATE 43
		;
		((P3 *)_this)->r = trpt->bup.ovals[1];
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 144: // STATE 43
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 145: // STATE 43
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 146: // STATE 50
		;
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 147: // STATE 56
		;
		now.alive = trpt->bup.ovals[1];
	/* 0 */	((P3 *)_this)->out = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 148: // STATE 57
		;
	/* 0 */	((P3 *)_this)->lm = trpt->bup.oval;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;
;
		
	case 149: // STATE 59
		goto R999;

	case 150: // STATE 65
		;
		((P3 *)_this)->lm = trpt->bup.ovals[1];
		((P3 *)_this)->rm = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 151: // STATE 66
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 153: // STATE 68
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 154: // STATE 69
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 156: // STATE 71
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 157: // STATE 72
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 159: // STATE 74
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 160: // STATE 75
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 161: // STATE 79
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		
	case 165: // STATE 85
		;
		((P3 *)_this)->res = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->r), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 166: // STATE 87
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 167: // STATE 89
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 168: // STATE 95
		;
		((P3 *)_this)->res = trpt->bup.ovals[1];
		((P3 *)_this)->lm = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 169: // STATE 97
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 170: // STATE 106
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[1];
		((P3 *)_this)->res = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 171: // STATE 106
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 172: // STATE 106
		;
		((P3 *)_this)->cres[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.oval;
		;
		goto R999;

	case 173: // STATE 117
		;
		((P3 *)_this)->r = trpt->bup.ovals[1];
		((P3 *)_this)->rm = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 174: // STATE 117
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 175: // STATE 117
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 176: // STATE 117
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 177: // STATE 124
		;
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 178: // STATE 130
		;
		now.alive = trpt->bup.ovals[1];
	/* 0 */	((P3 *)_this)->out = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 179: // STATE 131
		;
	/* 0 */	((P3 *)_this)->lm = trpt->bup.oval;
		;
		delproc(0, now._nr_pr-1);
		;
		goto R999;
;
		
	case 180: // STATE 133
		goto R999;
;
		;
		
	case 182: // STATE 138
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 184: // STATE 140
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 185: // STATE 141
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 187: // STATE 143
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 188: // STATE 144
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 189: // STATE 148
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 194: // STATE 154
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 197: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 198: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 199: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 200: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 201: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 202: // STATE 183
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 203: // STATE 199
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 204: // STATE 202
		;
		((P3 *)_this)->r = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 205: // STATE 209
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 206: // STATE 210
		;
	/* 0 */	((P3 *)_this)->r = trpt->bup.oval;
		;
		;
		goto R999;
;
		;
		;
		;
		
	case 209: // STATE 214
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 210: // STATE 215
		;
		now.crashed[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 211: // STATE 216
		;
		now.answer[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 212: // STATE 217
		;
		now.over[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 214: // STATE 223
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 215: // STATE 224
		;
		now.stale[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 217: // STATE 230
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 220: // STATE 233
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 222: // STATE 235
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 223: // STATE 236
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 225: // STATE 238
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 226: // STATE 239
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 227: // STATE 244
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
	/* 0 */	((P3 *)_this)->out = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		;
		;
		
	case 230: // STATE 248
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 231: // STATE 250
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 232: // STATE 252
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 233: // STATE 256
		;
	/* 0 */	((P3 *)_this)->res = trpt->bup.oval;
		;
		;
		goto R999;

	case 234: // STATE 258
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 235: // STATE 260
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 236: // STATE 262
		;
		((P3 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 237: // STATE 282
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 238: // STATE 282
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 239: // STATE 282
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 240: // STATE 282
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 241: // STATE 288
		;
		now.stale[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		
	case 242: // STATE 292
		goto R999;

	case 243: // STATE 290
		;
		now.gStaleTrusted[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 245: // STATE 300
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 247: // STATE 302
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 248: // STATE 677
		;
		((P3 *)_this)->r = trpt->bup.ovals[1];
		((P3 *)_this)->stopped = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		;
		;
		
	case 251: // STATE 312
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 252: // STATE 312
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 253: // STATE 312
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.ovals[1];
		now.gOpen[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 254: // STATE 314
		;
	/* 0 */	((P3 *)_this)->timedOut = trpt->bup.oval;
		;
		;
		goto R999;

	case 255: // STATE 315
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 256: // STATE 316
		;
		((P3 *)_this)->timedOut = trpt->bup.oval;
		;
		goto R999;

	case 257: // STATE 317
		;
		now.stale[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 258: // STATE 319
		;
		((P3 *)_this)->rm = trpt->bup.ovals[1];
		((P3 *)_this)->cm = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 259: // STATE 320
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 261: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 262: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 263: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		((P3 *)_this)->cm = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 264: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		((P3 *)_this)->rm = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 265: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 266: // STATE 336
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 268: // STATE 344
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 270: // STATE 346
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 271: // STATE 347
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 273: // STATE 349
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 274: // STATE 350
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 275: // STATE 354
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 280: // STATE 360
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 282: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 283: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 284: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 285: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[1];
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 286: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 287: // STATE 390
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 289: // STATE 403
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 291: // STATE 405
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 292: // STATE 406
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 294: // STATE 408
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 295: // STATE 409
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 296: // STATE 413
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 301: // STATE 419
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 304: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 305: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 306: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 307: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 308: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 309: // STATE 448
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 310: // STATE 461
		;
		now.answer[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 312: // STATE 466
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 313: // STATE 467
		;
		now.stale[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 314: // STATE 472
		;
		now.effects[ Index(((P3 *)_this)->r, 2) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 316: // STATE 475
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 317: // STATE 476
		;
		now.rn[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 318: // STATE 477
		;
		((P3 *)_this)->stopped = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 321: // STATE 482
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 322: // STATE 483
		;
		now.crashed[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 323: // STATE 484
		;
		now.answer[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 324: // STATE 485
		;
		now.over[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 325: // STATE 494
		;
	/* 0 */	((P3 *)_this)->timedOut = trpt->bup.oval;
		;
		;
		goto R999;
;
		;
		
	case 327: // STATE 496
		;
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 328: // STATE 497
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 330: // STATE 499
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 331: // STATE 500
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 333: // STATE 502
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 334: // STATE 503
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 335: // STATE 507
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 340: // STATE 513
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 342: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 343: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 344: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 345: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[1];
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 346: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 347: // STATE 543
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 348: // STATE 552
		;
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 349: // STATE 553
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 351: // STATE 555
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 352: // STATE 556
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 354: // STATE 558
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 355: // STATE 559
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 356: // STATE 563
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 361: // STATE 569
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 364: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 365: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 366: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 367: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 368: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 369: // STATE 598
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 370: // STATE 608
		;
		now.over[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 372: // STATE 615
		;
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->r), 6) ] = trpt->bup.oval;
		;
		goto R999;

	case 373: // STATE 616
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 375: // STATE 618
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 376: // STATE 619
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 378: // STATE 621
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 379: // STATE 622
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 380: // STATE 626
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 385: // STATE 632
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 387: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 388: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 389: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 390: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[1];
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 391: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 392: // STATE 662
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 393: // STATE 677
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 394: // STATE 677
		;
		((P3 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 395: // STATE 682
		;
		((P3 *)_this)->rm = trpt->bup.ovals[1];
		((P3 *)_this)->cm = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 396: // STATE 683
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 398: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 399: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 400: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		((P3 *)_this)->cm = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 401: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		((P3 *)_this)->rm = trpt->bup.ovals[1];
		now.cl[ Index(((((P3 *)_this)->o*2)+((P3 *)_this)->j), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 402: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 403: // STATE 699
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 405: // STATE 707
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 407: // STATE 709
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 408: // STATE 710
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 410: // STATE 712
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 411: // STATE 713
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 412: // STATE 717
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 417: // STATE 723
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 419: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 420: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 421: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 422: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.ovals[2];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[1];
		now.gCommitFailed[ Index(((P3 *)_this)->j, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 423: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 424: // STATE 753
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 426: // STATE 766
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 428: // STATE 768
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 429: // STATE 769
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 431: // STATE 771
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 432: // STATE 772
		;
		((P3 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 433: // STATE 776
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		;
		;
		
	case 438: // STATE 782
		;
		now.store[ Index(( ((now.ver[ Index(((P3 *)_this)->o, 3) ]==1)) ? ((2+((P3 *)_this)->j)) : (((P3 *)_this)->j) ), 4) ] = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		
	case 441: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.store[ Index((2+((P3 *)_this)->j), 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 442: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 443: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 444: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.ovals[1];
		now.mayleave[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 445: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 446: // STATE 811
		;
		((P3 *)_this)->j = trpt->bup.oval;
		;
		goto R999;

	case 447: // STATE 824
		;
		((P3 *)_this)->f = trpt->bup.oval;
		;
		goto R999;

	case 448: // STATE 824
		;
		((P3 *)_this)->f = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 450: // STATE 826
		;
		((P3 *)_this)->f = trpt->bup.oval;
		;
		goto R999;

	case 451: // STATE 832
		;
		now.answer[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 452: // STATE 833
		;
		now.over[ Index(((P3 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 453: // STATE 834
		;
		now.alive = trpt->bup.oval;
		;
		goto R999;

	case 454: // STATE 835
		;
		p_restor(II);
		;
		;
		goto R999;

		 /* PROC late */

	case 455: // STATE 2
		;
		((P2 *)_this)->k = trpt->bup.ovals[1];
		((P2 *)_this)->mine = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		;
		;
		
	case 458: // STATE 7
		;
		((P2 *)_this)->res = trpt->bup.ovals[1];
		now.store[ Index(((P2 *)_this)->k, 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 459: // STATE 9
		;
		((P2 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 460: // STATE 11
		;
		((P2 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 461: // STATE 25
		;
		((P2 *)_this)->k = trpt->bup.ovals[2];
		((P2 *)_this)->mine = trpt->bup.ovals[1];
	/* 0 */	((P2 *)_this)->res = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 462: // STATE 25
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 463: // STATE 25
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 464: // STATE 25
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 466: // STATE 33
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;
;
		;
		;
		;
		;
		;
		
	case 470: // STATE 49
		;
		((P2 *)_this)->k = trpt->bup.ovals[1];
		now.store[ Index(((P2 *)_this)->k, 4) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 471: // STATE 49
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 472: // STATE 49
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 473: // STATE 49
		;
		((P2 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 474: // STATE 56
		;
		now.mayleave[ Index(((P2 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 475: // STATE 59
		;
		now.alive = trpt->bup.oval;
		;
		goto R999;

	case 476: // STATE 60
		;
		p_restor(II);
		;
		;
		goto R999;

		 /* PROC renewer */

	case 477: // STATE 1
		;
	/* 0 */	((P1 *)_this)->o = trpt->bup.oval;
		;
		;
		goto R999;
;
		;
		
	case 479: // STATE 4
		;
		((P1 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 481: // STATE 6
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 482: // STATE 7
		;
		((P1 *)_this)->out = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 484: // STATE 9
		;
		now.faults = trpt->bup.oval;
		;
		goto R999;

	case 485: // STATE 10
		;
		((P1 *)_this)->out = trpt->bup.oval;
		;
		goto R999;

	case 486: // STATE 15
		;
		((P1 *)_this)->r = trpt->bup.ovals[1];
	/* 0 */	((P1 *)_this)->out = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;
;
		;
		;
		;
		
	case 489: // STATE 19
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 490: // STATE 21
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 491: // STATE 23
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 492: // STATE 27
		;
	/* 0 */	((P1 *)_this)->res = trpt->bup.oval;
		;
		;
		goto R999;

	case 493: // STATE 29
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 494: // STATE 31
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 495: // STATE 33
		;
		((P1 *)_this)->res = trpt->bup.oval;
		;
		goto R999;

	case 496: // STATE 53
		;
		((P1 *)_this)->r = trpt->bup.ovals[1];
		now.cl[ Index(((((P1 *)_this)->o*2)+((P1 *)_this)->r), 6) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 497: // STATE 53
		;
		((P1 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 498: // STATE 53
		;
		((P1 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 499: // STATE 53
		;
		((P1 *)_this)->r = trpt->bup.oval;
		;
		goto R999;

	case 500: // STATE 59
		;
		now.stale[ Index(((P1 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;
;
		
	case 501: // STATE 63
		goto R999;

	case 502: // STATE 61
		;
		now.stale[ Index(((P1 *)_this)->o, 3) ] = trpt->bup.oval;
		;
		goto R999;

	case 503: // STATE 68
		;
		now.alive = trpt->bup.oval;
		;
		goto R999;

	case 504: // STATE 69
		;
		p_restor(II);
		;
		;
		goto R999;

		 /* PROC clock */
;
		;
		
	case 506: // STATE 4
		;
		((P0 *)_this)->li = trpt->bup.ovals[2];
		((P0 *)_this)->lr = trpt->bup.ovals[1];
		((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 507: // STATE 5
		;
	/* 0 */	((P0 *)_this)->li = trpt->bup.oval;
		;
		;
		goto R999;

	case 508: // STATE 16
		;
		now.store[0] = trpt->bup.ovals[2];
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[1];
	/* 0 */	((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 509: // STATE 16
		;
		now.store[0] = trpt->bup.ovals[1];
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 510: // STATE 16
		;
		now.store[0] = trpt->bup.oval;
		;
		goto R999;

	case 511: // STATE 16
		;
		now.store[0] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 513: // STATE 22
		;
		((P0 *)_this)->li = trpt->bup.ovals[2];
		((P0 *)_this)->lr = trpt->bup.ovals[1];
		((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 514: // STATE 23
		;
	/* 0 */	((P0 *)_this)->li = trpt->bup.oval;
		;
		;
		goto R999;

	case 515: // STATE 34
		;
		now.store[1] = trpt->bup.ovals[2];
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[1];
	/* 0 */	((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 516: // STATE 34
		;
		now.store[1] = trpt->bup.ovals[1];
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 517: // STATE 34
		;
		now.store[1] = trpt->bup.oval;
		;
		goto R999;

	case 518: // STATE 34
		;
		now.store[1] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 520: // STATE 40
		;
		((P0 *)_this)->li = trpt->bup.ovals[2];
		((P0 *)_this)->lr = trpt->bup.ovals[1];
		((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 521: // STATE 41
		;
	/* 0 */	((P0 *)_this)->li = trpt->bup.oval;
		;
		;
		goto R999;

	case 522: // STATE 52
		;
		now.store[2] = trpt->bup.ovals[2];
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[1];
	/* 0 */	((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 523: // STATE 52
		;
		now.store[2] = trpt->bup.ovals[1];
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 524: // STATE 52
		;
		now.store[2] = trpt->bup.oval;
		;
		goto R999;

	case 525: // STATE 52
		;
		now.store[2] = trpt->bup.oval;
		;
		goto R999;
;
		;
		
	case 527: // STATE 58
		;
		((P0 *)_this)->li = trpt->bup.ovals[2];
		((P0 *)_this)->lr = trpt->bup.ovals[1];
		((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 528: // STATE 59
		;
	/* 0 */	((P0 *)_this)->li = trpt->bup.oval;
		;
		;
		goto R999;

	case 529: // STATE 70
		;
		now.store[3] = trpt->bup.ovals[2];
		now.gCrash[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[1];
	/* 0 */	((P0 *)_this)->lo = trpt->bup.ovals[0];
		;
		;
		ungrab_ints(trpt->bup.ovals, 3);
		goto R999;

	case 530: // STATE 70
		;
		now.store[3] = trpt->bup.ovals[1];
		now.gOutlived[ Index(((P0 *)_this)->lr, 2) ] = trpt->bup.ovals[0];
		;
		ungrab_ints(trpt->bup.ovals, 2);
		goto R999;

	case 531: // STATE 70
		;
		now.store[3] = trpt->bup.oval;
		;
		goto R999;

	case 532: // STATE 70
		;
		now.store[3] = trpt->bup.oval;
		;
		goto R999;

	case 533: // STATE 74
		;
		((P0 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 534: // STATE 77
		;
		((P0 *)_this)->k = trpt->bup.oval;
		;
		goto R999;

	case 535: // STATE 88
		;
		p_restor(II);
		;
		;
		goto R999;
	}

