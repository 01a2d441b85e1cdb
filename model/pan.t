#ifdef PEG
struct T_SRC {
	char *fl; int ln;
} T_SRC[NTRANS];

void
tr_2_src(int m, char *file, int ln)
{	T_SRC[m].fl = file;
	T_SRC[m].ln = ln;
}

void
putpeg(int n, int m)
{	printf("%5d	trans %4d ", m, n);
	printf("%s:%d\n",
		T_SRC[n].fl, T_SRC[n].ln);
}
#endif

void
settable(void)
{	Trans *T;
	Trans *settr(int, int, int, int, int, char *, int, int, int);

	trans = (Trans ***) emalloc(7*sizeof(Trans **));

	/* proctype 5: :init: */

	trans[5] = (Trans **) emalloc(9*sizeof(Trans *));

	T = trans[5][3] = settr(1430,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(1430,0,1,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(1430,0,2,0,0,"IF", 0, 2, 0);
	trans[5][1]	= settr(1428,0,7,3,3,"open = 1", 1, 2, 0);
	trans[5][4]	= settr(1431,0,7,1,0,".(goto)", 0, 2, 0);
	trans[5][2]	= settr(1429,0,7,4,4,"open = 0", 1, 2, 0);
	T = trans[ 5][7] = settr(1434,2,0,0,0,"ATOMIC", 0, 2, 0);
	T->nxt	= settr(1434,2,5,0,0,"ATOMIC", 0, 2, 0);
	trans[5][5]	= settr(1432,2,6,5,5,"(run clock())", 0, 2, 0);
	trans[5][6]	= settr(1433,0,8,6,6,"(run esm())", 0, 2, 0);
	trans[5][8]	= settr(1435,0,0,7,7,"-end-", 0, 3500, 0);

	/* proctype 4: esm */

	trans[4] = (Trans **) emalloc(377*sizeof(Trans *));

	T = trans[ 4][7] = settr(1058,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1058,0,6,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][6] = settr(1057,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1057,2,1,0,0,"ATOMIC", 1, 2, 0);
	trans[4][1]	= settr(1052,2,3,8,8,"from[next] = committed", 1, 2, 0); /* m: 2 -> 0,3 */
	reached4[2] = 1;
	trans[4][2]	= settr(0,0,0,0,0,"alive = (alive+1)",0,0,0);
	trans[4][3]	= settr(1054,2,4,9,9,"(run invocation(next,committed))", 1, 2, 0);
	trans[4][4]	= settr(1055,0,372,10,10,"inflight = (inflight+1)", 1, 2, 0); /* m: 5 -> 0,372 */
	reached4[5] = 1;
	trans[4][5]	= settr(0,0,0,0,0,"next = (next+1)",0,0,0);
	trans[4][373]	= settr(1424,0,372,1,0,".(goto)", 0, 2, 0);
	T = trans[4][372] = settr(1423,0,0,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1423,0,8,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1423,0,123,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1423,0,238,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1423,0,353,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1423,0,362,0,0,"DO", 0, 2, 0);
	    T->nxt	= settr(1423,0,370,0,0,"DO", 0, 2, 0);
	trans[4][8]	= settr(1059,0,122,11,0,"((!(seen[0])&&(answer[0]!=0)))", 1, 2, 0);
	T = trans[ 4][122] = settr(1173,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1173,0,121,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][121] = settr(1172,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1172,2,9,0,0,"ATOMIC", 1, 2, 0);
	trans[4][9]	= settr(1060,2,119,12,12,"seen[0] = 1", 1, 2, 0); /* m: 10 -> 0,119 */
	reached4[10] = 1;
	trans[4][10]	= settr(0,0,0,0,0,"inflight = (inflight-1)",0,0,0);
	T = trans[4][119] = settr(1170,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1170,2,11,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1170,2,29,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1170,2,71,0,0,"IF", 1, 2, 0);
	trans[4][11]	= settr(1062,2,28,13,0,"((answer[0]==1))", 1, 2, 0);
	T = trans[ 4][28] = settr(1079,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1079,0,27,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][27] = settr(1078,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1078,0,12,0,0,"sub-sequence", 1, 2, 0);
	trans[4][12]	= settr(1063,2,18,14,14,"e = committed", 1, 2, 0);
	trans[4][19]	= settr(1070,2,18,1,0,".(goto)", 1, 2, 0);
	T = trans[4][18] = settr(1069,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1069,2,13,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1069,2,16,0,0,"DO", 1, 2, 0);
	trans[4][13]	= settr(1064,2,18,15,15,"((e<2))", 1, 2, 0); /* m: 14 -> 18,0 */
	reached4[14] = 1;
	trans[4][14]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][15]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][16]	= settr(1067,2,25,2,0,"else", 1, 2, 0);
	trans[4][17]	= settr(1068,2,25,1,0,"goto :b23", 1, 2, 0);
	trans[4][20]	= settr(1071,2,25,1,0,"break", 1, 2, 0);
	T = trans[4][25] = settr(1076,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1076,2,21,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1076,2,23,0,0,"IF", 1, 2, 0);
	trans[4][21]	= settr(1072,0,372,16,16,"((2>committed))", 1, 2, 0); /* m: 22 -> 372,0 */
	reached4[22] = 1;
	trans[4][22]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][26]	= settr(1077,0,372,17,17,".(goto)", 1, 2, 0); /* m: 120 -> 0,372 */
	reached4[120] = 1;
	trans[4][23]	= settr(1074,2,24,2,0,"else", 1, 2, 0);
	trans[4][24]	= settr(1075,0,372,18,18,"(1)", 1, 2, 0); /* m: 26 -> 372,0 */
	reached4[26] = 1;
	trans[4][120]	= settr(1171,0,372,19,19,".(goto)", 1, 2, 0);
	trans[4][29]	= settr(1080,2,69,20,20,"((answer[0]>=3))", 1, 2, 0); /* m: 30 -> 69,0 */
	reached4[30] = 1;
	trans[4][30]	= settr(0,0,0,0,0,"f = (answer[0]-3)",0,0,0);
	trans[4][31]	= settr(0,0,0,0,0,"attempts[f] = (attempts[f]+1)",0,0,0);
	T = trans[4][69] = settr(1120,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1120,2,32,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1120,2,51,0,0,"IF", 1, 2, 0);
	trans[4][32]	= settr(1083,2,50,21,21,"((attempts[f]>1))", 1, 2, 0); /* m: 33 -> 50,0 */
	reached4[33] = 1;
	trans[4][33]	= settr(0,0,0,0,0,"dlq[f] = 1",0,0,0);
	T = trans[ 4][50] = settr(1101,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1101,0,49,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][49] = settr(1100,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1100,0,34,0,0,"sub-sequence", 1, 2, 0);
	trans[4][34]	= settr(1085,2,40,22,22,"e = committed", 1, 2, 0);
	trans[4][41]	= settr(1092,2,40,1,0,".(goto)", 1, 2, 0);
	T = trans[4][40] = settr(1091,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1091,2,35,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1091,2,38,0,0,"DO", 1, 2, 0);
	trans[4][35]	= settr(1086,2,40,23,23,"((e<(f+1)))", 1, 2, 0); /* m: 36 -> 40,0 */
	reached4[36] = 1;
	trans[4][36]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][37]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][38]	= settr(1089,2,47,2,0,"else", 1, 2, 0);
	trans[4][39]	= settr(1090,2,47,1,0,"goto :b24", 1, 2, 0);
	trans[4][42]	= settr(1093,2,47,1,0,"break", 1, 2, 0);
	T = trans[4][47] = settr(1098,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1098,2,43,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1098,2,45,0,0,"IF", 1, 2, 0);
	trans[4][43]	= settr(1094,0,372,24,24,"(((f+1)>committed))", 1, 2, 0); /* m: 44 -> 372,0 */
	reached4[44] = 1;
	trans[4][44]	= settr(0,0,0,0,0,"committed = (f+1)",0,0,0);
	trans[4][48]	= settr(1099,2,70,1,0,".(goto)", 1, 2, 0); /* m: 70 -> 0,372 */
	reached4[70] = 1;
	trans[4][45]	= settr(1096,2,46,2,0,"else", 1, 2, 0);
	trans[4][46]	= settr(1097,0,372,25,25,"(1)", 1, 2, 0); /* m: 70 -> 372,0 */
	reached4[70] = 1;
	trans[4][70]	= settr(1121,0,372,26,26,".(goto)", 1, 2, 0); /* m: 120 -> 0,372 */
	reached4[120] = 1;
	trans[4][51]	= settr(1102,2,68,2,0,"else", 1, 2, 0);
	T = trans[ 4][68] = settr(1119,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1119,0,67,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][67] = settr(1118,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1118,0,52,0,0,"sub-sequence", 1, 2, 0);
	trans[4][52]	= settr(1103,2,58,27,27,"e = committed", 1, 2, 0);
	trans[4][59]	= settr(1110,2,58,1,0,".(goto)", 1, 2, 0);
	T = trans[4][58] = settr(1109,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1109,2,53,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1109,2,56,0,0,"DO", 1, 2, 0);
	trans[4][53]	= settr(1104,2,58,28,28,"((e<f))", 1, 2, 0); /* m: 54 -> 58,0 */
	reached4[54] = 1;
	trans[4][54]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][55]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][56]	= settr(1107,2,65,2,0,"else", 1, 2, 0);
	trans[4][57]	= settr(1108,2,65,1,0,"goto :b25", 1, 2, 0);
	trans[4][60]	= settr(1111,2,65,1,0,"break", 1, 2, 0);
	T = trans[4][65] = settr(1116,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1116,2,61,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1116,2,63,0,0,"IF", 1, 2, 0);
	trans[4][61]	= settr(1112,0,372,29,29,"((f>committed))", 1, 2, 0); /* m: 62 -> 372,0 */
	reached4[62] = 1;
	trans[4][62]	= settr(0,0,0,0,0,"committed = f",0,0,0);
	trans[4][66]	= settr(1117,2,70,1,0,".(goto)", 1, 2, 0); /* m: 70 -> 0,372 */
	reached4[70] = 1;
	trans[4][63]	= settr(1114,2,64,2,0,"else", 1, 2, 0);
	trans[4][64]	= settr(1115,0,372,30,30,"(1)", 1, 2, 0); /* m: 70 -> 372,0 */
	reached4[70] = 1;
	trans[4][71]	= settr(1122,2,85,31,31,"((answer[0]==2))", 1, 2, 0); /* m: 72 -> 85,0 */
	reached4[72] = 1;
	trans[4][72]	= settr(0,0,0,0,0,"exhausted = 0",0,0,0);
	trans[4][73]	= settr(0,0,0,0,0,"e = from[0]",0,0,0);
	trans[4][86]	= settr(1137,2,85,1,0,".(goto)", 1, 2, 0);
	T = trans[4][85] = settr(1136,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1136,2,74,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1136,2,83,0,0,"DO", 1, 2, 0);
	trans[4][74]	= settr(1125,2,80,32,32,"((e<2))", 1, 2, 0); /* m: 75 -> 80,0 */
	reached4[75] = 1;
	trans[4][75]	= settr(0,0,0,0,0,"attempts[e] = (attempts[e]+1)",0,0,0);
	T = trans[4][80] = settr(1131,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1131,2,76,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1131,2,78,0,0,"IF", 1, 2, 0);
	trans[4][76]	= settr(1127,2,85,33,33,"((attempts[e]>1))", 1, 2, 0); /* m: 77 -> 85,0 */
	reached4[77] = 1;
	trans[4][77]	= settr(0,0,0,0,0,"exhausted = 1",0,0,0);
	trans[4][81]	= settr(1132,2,82,1,0,".(goto)", 1, 2, 0); /* m: 82 -> 0,85 */
	reached4[82] = 1;
	trans[4][78]	= settr(1129,2,79,2,0,"else", 1, 2, 0);
	trans[4][79]	= settr(1130,2,85,34,34,"(1)", 1, 2, 0); /* m: 82 -> 85,0 */
	reached4[82] = 1;
	trans[4][82]	= settr(1133,2,85,35,35,"e = (e+1)", 1, 2, 0);
	trans[4][83]	= settr(1134,2,117,2,0,"else", 1, 2, 0);
	trans[4][84]	= settr(1135,2,117,1,0,"goto :b26", 1, 2, 0);
	trans[4][87]	= settr(1138,2,117,1,0,"break", 1, 2, 0);
	T = trans[4][117] = settr(1168,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1168,2,88,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1168,2,115,0,0,"IF", 1, 2, 0);
	trans[4][88]	= settr(1139,2,95,36,36,"(exhausted)", 1, 2, 0); /* m: 89 -> 95,0 */
	reached4[89] = 1;
	trans[4][89]	= settr(0,0,0,0,0,"e = from[0]",0,0,0);
	trans[4][96]	= settr(1147,2,95,1,0,".(goto)", 1, 2, 0);
	T = trans[4][95] = settr(1146,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1146,2,90,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1146,2,93,0,0,"DO", 1, 2, 0);
	trans[4][90]	= settr(1141,2,95,37,37,"((e<2))", 1, 2, 0); /* m: 91 -> 95,0 */
	reached4[91] = 1;
	trans[4][91]	= settr(0,0,0,0,0,"dlq[e] = 1",0,0,0);
	trans[4][92]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][93]	= settr(1144,2,114,2,0,"else", 1, 2, 0);
	trans[4][94]	= settr(1145,2,114,1,0,"goto :b27", 1, 2, 0);
	trans[4][97]	= settr(1148,2,114,1,0,"break", 1, 2, 0);
	T = trans[ 4][114] = settr(1165,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1165,0,113,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][113] = settr(1164,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1164,0,98,0,0,"sub-sequence", 1, 2, 0);
	trans[4][98]	= settr(1149,2,104,38,38,"e = committed", 1, 2, 0);
	trans[4][105]	= settr(1156,2,104,1,0,".(goto)", 1, 2, 0);
	T = trans[4][104] = settr(1155,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1155,2,99,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1155,2,102,0,0,"DO", 1, 2, 0);
	trans[4][99]	= settr(1150,2,104,39,39,"((e<2))", 1, 2, 0); /* m: 100 -> 104,0 */
	reached4[100] = 1;
	trans[4][100]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][101]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][102]	= settr(1153,2,111,2,0,"else", 1, 2, 0);
	trans[4][103]	= settr(1154,2,111,1,0,"goto :b28", 1, 2, 0);
	trans[4][106]	= settr(1157,2,111,1,0,"break", 1, 2, 0);
	T = trans[4][111] = settr(1162,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1162,2,107,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1162,2,109,0,0,"IF", 1, 2, 0);
	trans[4][107]	= settr(1158,0,372,40,40,"((2>committed))", 1, 2, 0); /* m: 108 -> 372,0 */
	reached4[108] = 1;
	trans[4][108]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][112]	= settr(1163,2,118,1,0,".(goto)", 1, 2, 0); /* m: 118 -> 0,372 */
	reached4[118] = 1;
	trans[4][109]	= settr(1160,2,110,2,0,"else", 1, 2, 0);
	trans[4][110]	= settr(1161,0,372,41,41,"(1)", 1, 2, 0); /* m: 118 -> 372,0 */
	reached4[118] = 1;
	trans[4][118]	= settr(1169,0,372,42,42,".(goto)", 1, 2, 0); /* m: 120 -> 0,372 */
	reached4[120] = 1;
	trans[4][115]	= settr(1166,2,116,2,0,"else", 1, 2, 0);
	trans[4][116]	= settr(1167,0,372,43,43,"(1)", 1, 2, 0); /* m: 118 -> 372,0 */
	reached4[118] = 1;
	trans[4][123]	= settr(1174,0,237,44,0,"((!(seen[1])&&(answer[1]!=0)))", 1, 2, 0);
	T = trans[ 4][237] = settr(1288,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1288,0,236,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][236] = settr(1287,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1287,2,124,0,0,"ATOMIC", 1, 2, 0);
	trans[4][124]	= settr(1175,2,234,45,45,"seen[1] = 1", 1, 2, 0); /* m: 125 -> 0,234 */
	reached4[125] = 1;
	trans[4][125]	= settr(0,0,0,0,0,"inflight = (inflight-1)",0,0,0);
	T = trans[4][234] = settr(1285,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1285,2,126,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1285,2,144,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1285,2,186,0,0,"IF", 1, 2, 0);
	trans[4][126]	= settr(1177,2,143,46,0,"((answer[1]==1))", 1, 2, 0);
	T = trans[ 4][143] = settr(1194,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1194,0,142,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][142] = settr(1193,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1193,0,127,0,0,"sub-sequence", 1, 2, 0);
	trans[4][127]	= settr(1178,2,133,47,47,"e = committed", 1, 2, 0);
	trans[4][134]	= settr(1185,2,133,1,0,".(goto)", 1, 2, 0);
	T = trans[4][133] = settr(1184,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1184,2,128,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1184,2,131,0,0,"DO", 1, 2, 0);
	trans[4][128]	= settr(1179,2,133,48,48,"((e<2))", 1, 2, 0); /* m: 129 -> 133,0 */
	reached4[129] = 1;
	trans[4][129]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][130]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][131]	= settr(1182,2,140,2,0,"else", 1, 2, 0);
	trans[4][132]	= settr(1183,2,140,1,0,"goto :b29", 1, 2, 0);
	trans[4][135]	= settr(1186,2,140,1,0,"break", 1, 2, 0);
	T = trans[4][140] = settr(1191,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1191,2,136,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1191,2,138,0,0,"IF", 1, 2, 0);
	trans[4][136]	= settr(1187,0,372,49,49,"((2>committed))", 1, 2, 0); /* m: 137 -> 372,0 */
	reached4[137] = 1;
	trans[4][137]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][141]	= settr(1192,0,372,50,50,".(goto)", 1, 2, 0); /* m: 235 -> 0,372 */
	reached4[235] = 1;
	trans[4][138]	= settr(1189,2,139,2,0,"else", 1, 2, 0);
	trans[4][139]	= settr(1190,0,372,51,51,"(1)", 1, 2, 0); /* m: 141 -> 372,0 */
	reached4[141] = 1;
	trans[4][235]	= settr(1286,0,372,52,52,".(goto)", 1, 2, 0);
	trans[4][144]	= settr(1195,2,184,53,53,"((answer[1]>=3))", 1, 2, 0); /* m: 145 -> 184,0 */
	reached4[145] = 1;
	trans[4][145]	= settr(0,0,0,0,0,"f = (answer[1]-3)",0,0,0);
	trans[4][146]	= settr(0,0,0,0,0,"attempts[f] = (attempts[f]+1)",0,0,0);
	T = trans[4][184] = settr(1235,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1235,2,147,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1235,2,166,0,0,"IF", 1, 2, 0);
	trans[4][147]	= settr(1198,2,165,54,54,"((attempts[f]>1))", 1, 2, 0); /* m: 148 -> 165,0 */
	reached4[148] = 1;
	trans[4][148]	= settr(0,0,0,0,0,"dlq[f] = 1",0,0,0);
	T = trans[ 4][165] = settr(1216,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1216,0,164,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][164] = settr(1215,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1215,0,149,0,0,"sub-sequence", 1, 2, 0);
	trans[4][149]	= settr(1200,2,155,55,55,"e = committed", 1, 2, 0);
	trans[4][156]	= settr(1207,2,155,1,0,".(goto)", 1, 2, 0);
	T = trans[4][155] = settr(1206,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1206,2,150,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1206,2,153,0,0,"DO", 1, 2, 0);
	trans[4][150]	= settr(1201,2,155,56,56,"((e<(f+1)))", 1, 2, 0); /* m: 151 -> 155,0 */
	reached4[151] = 1;
	trans[4][151]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][152]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][153]	= settr(1204,2,162,2,0,"else", 1, 2, 0);
	trans[4][154]	= settr(1205,2,162,1,0,"goto :b30", 1, 2, 0);
	trans[4][157]	= settr(1208,2,162,1,0,"break", 1, 2, 0);
	T = trans[4][162] = settr(1213,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1213,2,158,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1213,2,160,0,0,"IF", 1, 2, 0);
	trans[4][158]	= settr(1209,0,372,57,57,"(((f+1)>committed))", 1, 2, 0); /* m: 159 -> 372,0 */
	reached4[159] = 1;
	trans[4][159]	= settr(0,0,0,0,0,"committed = (f+1)",0,0,0);
	trans[4][163]	= settr(1214,2,185,1,0,".(goto)", 1, 2, 0); /* m: 185 -> 0,372 */
	reached4[185] = 1;
	trans[4][160]	= settr(1211,2,161,2,0,"else", 1, 2, 0);
	trans[4][161]	= settr(1212,0,372,58,58,"(1)", 1, 2, 0); /* m: 185 -> 372,0 */
	reached4[185] = 1;
	trans[4][185]	= settr(1236,0,372,59,59,".(goto)", 1, 2, 0); /* m: 235 -> 0,372 */
	reached4[235] = 1;
	trans[4][166]	= settr(1217,2,183,2,0,"else", 1, 2, 0);
	T = trans[ 4][183] = settr(1234,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1234,0,182,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][182] = settr(1233,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1233,0,167,0,0,"sub-sequence", 1, 2, 0);
	trans[4][167]	= settr(1218,2,173,60,60,"e = committed", 1, 2, 0);
	trans[4][174]	= settr(1225,2,173,1,0,".(goto)", 1, 2, 0);
	T = trans[4][173] = settr(1224,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1224,2,168,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1224,2,171,0,0,"DO", 1, 2, 0);
	trans[4][168]	= settr(1219,2,173,61,61,"((e<f))", 1, 2, 0); /* m: 169 -> 173,0 */
	reached4[169] = 1;
	trans[4][169]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][170]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][171]	= settr(1222,2,180,2,0,"else", 1, 2, 0);
	trans[4][172]	= settr(1223,2,180,1,0,"goto :b31", 1, 2, 0);
	trans[4][175]	= settr(1226,2,180,1,0,"break", 1, 2, 0);
	T = trans[4][180] = settr(1231,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1231,2,176,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1231,2,178,0,0,"IF", 1, 2, 0);
	trans[4][176]	= settr(1227,0,372,62,62,"((f>committed))", 1, 2, 0); /* m: 177 -> 372,0 */
	reached4[177] = 1;
	trans[4][177]	= settr(0,0,0,0,0,"committed = f",0,0,0);
	trans[4][181]	= settr(1232,2,185,1,0,".(goto)", 1, 2, 0); /* m: 185 -> 0,372 */
	reached4[185] = 1;
	trans[4][178]	= settr(1229,2,179,2,0,"else", 1, 2, 0);
	trans[4][179]	= settr(1230,0,372,63,63,"(1)", 1, 2, 0); /* m: 185 -> 372,0 */
	reached4[185] = 1;
	trans[4][186]	= settr(1237,2,200,64,64,"((answer[1]==2))", 1, 2, 0); /* m: 187 -> 200,0 */
	reached4[187] = 1;
	trans[4][187]	= settr(0,0,0,0,0,"exhausted = 0",0,0,0);
	trans[4][188]	= settr(0,0,0,0,0,"e = from[1]",0,0,0);
	trans[4][201]	= settr(1252,2,200,1,0,".(goto)", 1, 2, 0);
	T = trans[4][200] = settr(1251,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1251,2,189,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1251,2,198,0,0,"DO", 1, 2, 0);
	trans[4][189]	= settr(1240,2,195,65,65,"((e<2))", 1, 2, 0); /* m: 190 -> 195,0 */
	reached4[190] = 1;
	trans[4][190]	= settr(0,0,0,0,0,"attempts[e] = (attempts[e]+1)",0,0,0);
	T = trans[4][195] = settr(1246,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1246,2,191,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1246,2,193,0,0,"IF", 1, 2, 0);
	trans[4][191]	= settr(1242,2,200,66,66,"((attempts[e]>1))", 1, 2, 0); /* m: 192 -> 200,0 */
	reached4[192] = 1;
	trans[4][192]	= settr(0,0,0,0,0,"exhausted = 1",0,0,0);
	trans[4][196]	= settr(1247,2,197,1,0,".(goto)", 1, 2, 0); /* m: 197 -> 0,200 */
	reached4[197] = 1;
	trans[4][193]	= settr(1244,2,194,2,0,"else", 1, 2, 0);
	trans[4][194]	= settr(1245,2,200,67,67,"(1)", 1, 2, 0); /* m: 197 -> 200,0 */
	reached4[197] = 1;
	trans[4][197]	= settr(1248,2,200,68,68,"e = (e+1)", 1, 2, 0);
	trans[4][198]	= settr(1249,2,232,2,0,"else", 1, 2, 0);
	trans[4][199]	= settr(1250,2,232,1,0,"goto :b32", 1, 2, 0);
	trans[4][202]	= settr(1253,2,232,1,0,"break", 1, 2, 0);
	T = trans[4][232] = settr(1283,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1283,2,203,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1283,2,230,0,0,"IF", 1, 2, 0);
	trans[4][203]	= settr(1254,2,210,69,69,"(exhausted)", 1, 2, 0); /* m: 204 -> 210,0 */
	reached4[204] = 1;
	trans[4][204]	= settr(0,0,0,0,0,"e = from[1]",0,0,0);
	trans[4][211]	= settr(1262,2,210,1,0,".(goto)", 1, 2, 0);
	T = trans[4][210] = settr(1261,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1261,2,205,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1261,2,208,0,0,"DO", 1, 2, 0);
	trans[4][205]	= settr(1256,2,210,70,70,"((e<2))", 1, 2, 0); /* m: 206 -> 210,0 */
	reached4[206] = 1;
	trans[4][206]	= settr(0,0,0,0,0,"dlq[e] = 1",0,0,0);
	trans[4][207]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][208]	= settr(1259,2,229,2,0,"else", 1, 2, 0);
	trans[4][209]	= settr(1260,2,229,1,0,"goto :b33", 1, 2, 0);
	trans[4][212]	= settr(1263,2,229,1,0,"break", 1, 2, 0);
	T = trans[ 4][229] = settr(1280,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1280,0,228,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][228] = settr(1279,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1279,0,213,0,0,"sub-sequence", 1, 2, 0);
	trans[4][213]	= settr(1264,2,219,71,71,"e = committed", 1, 2, 0);
	trans[4][220]	= settr(1271,2,219,1,0,".(goto)", 1, 2, 0);
	T = trans[4][219] = settr(1270,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1270,2,214,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1270,2,217,0,0,"DO", 1, 2, 0);
	trans[4][214]	= settr(1265,2,219,72,72,"((e<2))", 1, 2, 0); /* m: 215 -> 219,0 */
	reached4[215] = 1;
	trans[4][215]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][216]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][217]	= settr(1268,2,226,2,0,"else", 1, 2, 0);
	trans[4][218]	= settr(1269,2,226,1,0,"goto :b34", 1, 2, 0);
	trans[4][221]	= settr(1272,2,226,1,0,"break", 1, 2, 0);
	T = trans[4][226] = settr(1277,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1277,2,222,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1277,2,224,0,0,"IF", 1, 2, 0);
	trans[4][222]	= settr(1273,0,372,73,73,"((2>committed))", 1, 2, 0); /* m: 223 -> 372,0 */
	reached4[223] = 1;
	trans[4][223]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][227]	= settr(1278,2,233,1,0,".(goto)", 1, 2, 0); /* m: 233 -> 0,372 */
	reached4[233] = 1;
	trans[4][224]	= settr(1275,2,225,2,0,"else", 1, 2, 0);
	trans[4][225]	= settr(1276,0,372,74,74,"(1)", 1, 2, 0); /* m: 233 -> 372,0 */
	reached4[233] = 1;
	trans[4][233]	= settr(1284,0,372,75,75,".(goto)", 1, 2, 0); /* m: 235 -> 0,372 */
	reached4[235] = 1;
	trans[4][230]	= settr(1281,2,231,2,0,"else", 1, 2, 0);
	trans[4][231]	= settr(1282,0,372,76,76,"(1)", 1, 2, 0); /* m: 233 -> 372,0 */
	reached4[233] = 1;
	trans[4][238]	= settr(1289,0,352,77,0,"((!(seen[2])&&(answer[2]!=0)))", 1, 2, 0);
	T = trans[ 4][352] = settr(1403,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1403,0,351,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][351] = settr(1402,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1402,2,239,0,0,"ATOMIC", 1, 2, 0);
	trans[4][239]	= settr(1290,2,349,78,78,"seen[2] = 1", 1, 2, 0); /* m: 240 -> 0,349 */
	reached4[240] = 1;
	trans[4][240]	= settr(0,0,0,0,0,"inflight = (inflight-1)",0,0,0);
	T = trans[4][349] = settr(1400,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1400,2,241,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1400,2,259,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1400,2,301,0,0,"IF", 1, 2, 0);
	trans[4][241]	= settr(1292,2,258,79,0,"((answer[2]==1))", 1, 2, 0);
	T = trans[ 4][258] = settr(1309,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1309,0,257,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][257] = settr(1308,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1308,0,242,0,0,"sub-sequence", 1, 2, 0);
	trans[4][242]	= settr(1293,2,248,80,80,"e = committed", 1, 2, 0);
	trans[4][249]	= settr(1300,2,248,1,0,".(goto)", 1, 2, 0);
	T = trans[4][248] = settr(1299,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1299,2,243,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1299,2,246,0,0,"DO", 1, 2, 0);
	trans[4][243]	= settr(1294,2,248,81,81,"((e<2))", 1, 2, 0); /* m: 244 -> 248,0 */
	reached4[244] = 1;
	trans[4][244]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][245]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][246]	= settr(1297,2,255,2,0,"else", 1, 2, 0);
	trans[4][247]	= settr(1298,2,255,1,0,"goto :b35", 1, 2, 0);
	trans[4][250]	= settr(1301,2,255,1,0,"break", 1, 2, 0);
	T = trans[4][255] = settr(1306,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1306,2,251,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1306,2,253,0,0,"IF", 1, 2, 0);
	trans[4][251]	= settr(1302,0,372,82,82,"((2>committed))", 1, 2, 0); /* m: 252 -> 372,0 */
	reached4[252] = 1;
	trans[4][252]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][256]	= settr(1307,0,372,83,83,".(goto)", 1, 2, 0); /* m: 350 -> 0,372 */
	reached4[350] = 1;
	trans[4][253]	= settr(1304,2,254,2,0,"else", 1, 2, 0);
	trans[4][254]	= settr(1305,0,372,84,84,"(1)", 1, 2, 0); /* m: 256 -> 372,0 */
	reached4[256] = 1;
	trans[4][350]	= settr(1401,0,372,85,85,".(goto)", 1, 2, 0);
	trans[4][259]	= settr(1310,2,299,86,86,"((answer[2]>=3))", 1, 2, 0); /* m: 260 -> 299,0 */
	reached4[260] = 1;
	trans[4][260]	= settr(0,0,0,0,0,"f = (answer[2]-3)",0,0,0);
	trans[4][261]	= settr(0,0,0,0,0,"attempts[f] = (attempts[f]+1)",0,0,0);
	T = trans[4][299] = settr(1350,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1350,2,262,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1350,2,281,0,0,"IF", 1, 2, 0);
	trans[4][262]	= settr(1313,2,280,87,87,"((attempts[f]>1))", 1, 2, 0); /* m: 263 -> 280,0 */
	reached4[263] = 1;
	trans[4][263]	= settr(0,0,0,0,0,"dlq[f] = 1",0,0,0);
	T = trans[ 4][280] = settr(1331,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1331,0,279,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][279] = settr(1330,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1330,0,264,0,0,"sub-sequence", 1, 2, 0);
	trans[4][264]	= settr(1315,2,270,88,88,"e = committed", 1, 2, 0);
	trans[4][271]	= settr(1322,2,270,1,0,".(goto)", 1, 2, 0);
	T = trans[4][270] = settr(1321,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1321,2,265,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1321,2,268,0,0,"DO", 1, 2, 0);
	trans[4][265]	= settr(1316,2,270,89,89,"((e<(f+1)))", 1, 2, 0); /* m: 266 -> 270,0 */
	reached4[266] = 1;
	trans[4][266]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][267]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][268]	= settr(1319,2,277,2,0,"else", 1, 2, 0);
	trans[4][269]	= settr(1320,2,277,1,0,"goto :b36", 1, 2, 0);
	trans[4][272]	= settr(1323,2,277,1,0,"break", 1, 2, 0);
	T = trans[4][277] = settr(1328,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1328,2,273,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1328,2,275,0,0,"IF", 1, 2, 0);
	trans[4][273]	= settr(1324,0,372,90,90,"(((f+1)>committed))", 1, 2, 0); /* m: 274 -> 372,0 */
	reached4[274] = 1;
	trans[4][274]	= settr(0,0,0,0,0,"committed = (f+1)",0,0,0);
	trans[4][278]	= settr(1329,2,300,1,0,".(goto)", 1, 2, 0); /* m: 300 -> 0,372 */
	reached4[300] = 1;
	trans[4][275]	= settr(1326,2,276,2,0,"else", 1, 2, 0);
	trans[4][276]	= settr(1327,0,372,91,91,"(1)", 1, 2, 0); /* m: 300 -> 372,0 */
	reached4[300] = 1;
	trans[4][300]	= settr(1351,0,372,92,92,".(goto)", 1, 2, 0); /* m: 350 -> 0,372 */
	reached4[350] = 1;
	trans[4][281]	= settr(1332,2,298,2,0,"else", 1, 2, 0);
	T = trans[ 4][298] = settr(1349,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1349,0,297,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][297] = settr(1348,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1348,0,282,0,0,"sub-sequence", 1, 2, 0);
	trans[4][282]	= settr(1333,2,288,93,93,"e = committed", 1, 2, 0);
	trans[4][289]	= settr(1340,2,288,1,0,".(goto)", 1, 2, 0);
	T = trans[4][288] = settr(1339,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1339,2,283,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1339,2,286,0,0,"DO", 1, 2, 0);
	trans[4][283]	= settr(1334,2,288,94,94,"((e<f))", 1, 2, 0); /* m: 284 -> 288,0 */
	reached4[284] = 1;
	trans[4][284]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][285]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][286]	= settr(1337,2,295,2,0,"else", 1, 2, 0);
	trans[4][287]	= settr(1338,2,295,1,0,"goto :b37", 1, 2, 0);
	trans[4][290]	= settr(1341,2,295,1,0,"break", 1, 2, 0);
	T = trans[4][295] = settr(1346,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1346,2,291,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1346,2,293,0,0,"IF", 1, 2, 0);
	trans[4][291]	= settr(1342,0,372,95,95,"((f>committed))", 1, 2, 0); /* m: 292 -> 372,0 */
	reached4[292] = 1;
	trans[4][292]	= settr(0,0,0,0,0,"committed = f",0,0,0);
	trans[4][296]	= settr(1347,2,300,1,0,".(goto)", 1, 2, 0); /* m: 300 -> 0,372 */
	reached4[300] = 1;
	trans[4][293]	= settr(1344,2,294,2,0,"else", 1, 2, 0);
	trans[4][294]	= settr(1345,0,372,96,96,"(1)", 1, 2, 0); /* m: 300 -> 372,0 */
	reached4[300] = 1;
	trans[4][301]	= settr(1352,2,315,97,97,"((answer[2]==2))", 1, 2, 0); /* m: 302 -> 315,0 */
	reached4[302] = 1;
	trans[4][302]	= settr(0,0,0,0,0,"exhausted = 0",0,0,0);
	trans[4][303]	= settr(0,0,0,0,0,"e = from[2]",0,0,0);
	trans[4][316]	= settr(1367,2,315,1,0,".(goto)", 1, 2, 0);
	T = trans[4][315] = settr(1366,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1366,2,304,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1366,2,313,0,0,"DO", 1, 2, 0);
	trans[4][304]	= settr(1355,2,310,98,98,"((e<2))", 1, 2, 0); /* m: 305 -> 310,0 */
	reached4[305] = 1;
	trans[4][305]	= settr(0,0,0,0,0,"attempts[e] = (attempts[e]+1)",0,0,0);
	T = trans[4][310] = settr(1361,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1361,2,306,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1361,2,308,0,0,"IF", 1, 2, 0);
	trans[4][306]	= settr(1357,2,315,99,99,"((attempts[e]>1))", 1, 2, 0); /* m: 307 -> 315,0 */
	reached4[307] = 1;
	trans[4][307]	= settr(0,0,0,0,0,"exhausted = 1",0,0,0);
	trans[4][311]	= settr(1362,2,312,1,0,".(goto)", 1, 2, 0); /* m: 312 -> 0,315 */
	reached4[312] = 1;
	trans[4][308]	= settr(1359,2,309,2,0,"else", 1, 2, 0);
	trans[4][309]	= settr(1360,2,315,100,100,"(1)", 1, 2, 0); /* m: 312 -> 315,0 */
	reached4[312] = 1;
	trans[4][312]	= settr(1363,2,315,101,101,"e = (e+1)", 1, 2, 0);
	trans[4][313]	= settr(1364,2,347,2,0,"else", 1, 2, 0);
	trans[4][314]	= settr(1365,2,347,1,0,"goto :b38", 1, 2, 0);
	trans[4][317]	= settr(1368,2,347,1,0,"break", 1, 2, 0);
	T = trans[4][347] = settr(1398,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1398,2,318,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1398,2,345,0,0,"IF", 1, 2, 0);
	trans[4][318]	= settr(1369,2,325,102,102,"(exhausted)", 1, 2, 0); /* m: 319 -> 325,0 */
	reached4[319] = 1;
	trans[4][319]	= settr(0,0,0,0,0,"e = from[2]",0,0,0);
	trans[4][326]	= settr(1377,2,325,1,0,".(goto)", 1, 2, 0);
	T = trans[4][325] = settr(1376,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1376,2,320,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1376,2,323,0,0,"DO", 1, 2, 0);
	trans[4][320]	= settr(1371,2,325,103,103,"((e<2))", 1, 2, 0); /* m: 321 -> 325,0 */
	reached4[321] = 1;
	trans[4][321]	= settr(0,0,0,0,0,"dlq[e] = 1",0,0,0);
	trans[4][322]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][323]	= settr(1374,2,344,2,0,"else", 1, 2, 0);
	trans[4][324]	= settr(1375,2,344,1,0,"goto :b39", 1, 2, 0);
	trans[4][327]	= settr(1378,2,344,1,0,"break", 1, 2, 0);
	T = trans[ 4][344] = settr(1395,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1395,0,343,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 4][343] = settr(1394,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1394,0,328,0,0,"sub-sequence", 1, 2, 0);
	trans[4][328]	= settr(1379,2,334,104,104,"e = committed", 1, 2, 0);
	trans[4][335]	= settr(1386,2,334,1,0,".(goto)", 1, 2, 0);
	T = trans[4][334] = settr(1385,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1385,2,329,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1385,2,332,0,0,"DO", 1, 2, 0);
	trans[4][329]	= settr(1380,2,334,105,105,"((e<2))", 1, 2, 0); /* m: 330 -> 334,0 */
	reached4[330] = 1;
	trans[4][330]	= settr(0,0,0,0,0,"assert(((effects[e]>0)||dlq[e]))",0,0,0);
	trans[4][331]	= settr(0,0,0,0,0,"e = (e+1)",0,0,0);
	trans[4][332]	= settr(1383,2,341,2,0,"else", 1, 2, 0);
	trans[4][333]	= settr(1384,2,341,1,0,"goto :b40", 1, 2, 0);
	trans[4][336]	= settr(1387,2,341,1,0,"break", 1, 2, 0);
	T = trans[4][341] = settr(1392,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1392,2,337,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1392,2,339,0,0,"IF", 1, 2, 0);
	trans[4][337]	= settr(1388,0,372,106,106,"((2>committed))", 1, 2, 0); /* m: 338 -> 372,0 */
	reached4[338] = 1;
	trans[4][338]	= settr(0,0,0,0,0,"committed = 2",0,0,0);
	trans[4][342]	= settr(1393,2,348,1,0,".(goto)", 1, 2, 0); /* m: 348 -> 0,372 */
	reached4[348] = 1;
	trans[4][339]	= settr(1390,2,340,2,0,"else", 1, 2, 0);
	trans[4][340]	= settr(1391,0,372,107,107,"(1)", 1, 2, 0); /* m: 348 -> 372,0 */
	reached4[348] = 1;
	trans[4][348]	= settr(1399,0,372,108,108,".(goto)", 1, 2, 0); /* m: 350 -> 0,372 */
	reached4[350] = 1;
	trans[4][345]	= settr(1396,2,346,2,0,"else", 1, 2, 0);
	trans[4][346]	= settr(1397,0,372,109,109,"(1)", 1, 2, 0); /* m: 348 -> 372,0 */
	reached4[348] = 1;
	trans[4][353]	= settr(1404,0,354,110,110,"((((!(rebalanced)&&(inflight>0))&&(next<3))&&(committed<2)))", 1, 2, 0);
	trans[4][354]	= settr(1405,0,361,111,111,"rebalanced = 1", 0, 2, 0);
	T = trans[ 4][361] = settr(1412,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1412,0,360,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][360] = settr(1411,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1411,2,355,0,0,"ATOMIC", 1, 2, 0);
	trans[4][355]	= settr(1406,2,357,112,112,"from[next] = committed", 1, 2, 0); /* m: 356 -> 0,357 */
	reached4[356] = 1;
	trans[4][356]	= settr(0,0,0,0,0,"alive = (alive+1)",0,0,0);
	trans[4][357]	= settr(1408,2,358,113,113,"(run invocation(next,committed))", 1, 2, 0);
	trans[4][358]	= settr(1409,0,372,114,114,"inflight = (inflight+1)", 1, 2, 0); /* m: 359 -> 0,372 */
	reached4[359] = 1;
	trans[4][359]	= settr(0,0,0,0,0,"next = (next+1)",0,0,0);
	trans[4][362]	= settr(1413,0,369,115,0,"((((inflight==0)&&(committed<2))&&(next<3)))", 1, 2, 0);
	T = trans[ 4][369] = settr(1420,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1420,0,368,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 4][368] = settr(1419,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1419,2,363,0,0,"ATOMIC", 1, 2, 0);
	trans[4][363]	= settr(1414,2,365,116,116,"from[next] = committed", 1, 2, 0); /* m: 364 -> 0,365 */
	reached4[364] = 1;
	trans[4][364]	= settr(0,0,0,0,0,"alive = (alive+1)",0,0,0);
	trans[4][365]	= settr(1416,2,366,117,117,"(run invocation(next,committed))", 1, 2, 0);
	trans[4][366]	= settr(1417,0,372,118,118,"inflight = (inflight+1)", 1, 2, 0); /* m: 367 -> 0,372 */
	reached4[367] = 1;
	trans[4][367]	= settr(0,0,0,0,0,"next = (next+1)",0,0,0);
	trans[4][370]	= settr(1421,0,375,119,119,"(((inflight==0)&&((committed==2)||(next==3))))", 1, 2, 0);
	trans[4][371]	= settr(1422,0,375,1,0,"goto :b22", 0, 2, 0);
	trans[4][374]	= settr(1425,0,375,1,0,"break", 0, 2, 0);
	trans[4][375]	= settr(1426,0,376,120,120,"esmDone = 1", 1, 2, 0);
	trans[4][376]	= settr(1427,0,0,121,121,"-end-", 0, 3500, 0);

	/* proctype 3: invocation */

	trans[3] = (Trans **) emalloc(836*sizeof(Trans *));

	T = trans[ 3][3] = settr(219,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(219,2,1,0,0,"ATOMIC", 1, 2, 0);
	trans[3][1]	= settr(217,2,2,122,122,"alive = (alive+1)", 1, 2, 0);
	trans[3][2]	= settr(218,0,16,123,123,"(run renewer(o))", 1, 2, 0);
	T = trans[ 3][16] = settr(232,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(232,0,14,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][14] = settr(230,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(230,0,4,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(230,0,5,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(230,0,8,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(230,0,11,0,0,"IF", 0, 2, 0);
	trans[3][4]	= settr(220,0,62,124,124,"out = 0", 0, 2, 0);
	trans[3][15]	= settr(231,0,62,1,0,".(goto)", 0, 2, 0);
	trans[3][5]	= settr(221,0,6,125,0,"((faults<2))", 1, 2, 0);
	trans[3][6]	= settr(222,0,7,126,126,"faults = (faults+1)", 1, 2, 0);
	trans[3][7]	= settr(223,0,62,127,127,"out = 1", 0, 2, 0);
	trans[3][8]	= settr(224,0,9,128,0,"((faults<2))", 1, 2, 0);
	trans[3][9]	= settr(225,0,10,129,129,"faults = (faults+1)", 1, 2, 0);
	trans[3][10]	= settr(226,0,62,130,130,"out = 2", 0, 2, 0);
	trans[3][11]	= settr(227,0,12,131,0,"((faults<2))", 1, 2, 0);
	trans[3][12]	= settr(228,0,13,132,132,"faults = (faults+1)", 1, 2, 0);
	trans[3][13]	= settr(229,0,62,133,133,"out = 3", 0, 2, 0);
	T = trans[ 3][62] = settr(278,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(278,2,17,0,0,"ATOMIC", 1, 2, 0);
	trans[3][17]	= settr(233,2,46,134,134,"r = from", 1, 2, 0);
	trans[3][47]	= settr(263,2,46,1,0,".(goto)", 1, 2, 0);
	T = trans[3][46] = settr(262,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(262,2,18,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(262,2,44,0,0,"DO", 1, 2, 0);
	trans[3][18]	= settr(234,2,35,135,0,"((r<2))", 1, 2, 0);
	T = trans[3][35] = settr(251,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(251,2,19,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(251,2,31,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(251,2,33,0,0,"IF", 1, 2, 0);
	trans[3][19]	= settr(235,2,29,136,0,"(((out==0)||(out==2)))", 1, 2, 0);
	T = trans[ 3][29] = settr(245,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(245,0,27,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][27] = settr(243,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(243,2,20,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(243,2,23,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(243,2,25,0,0,"IF", 1, 2, 0);
	trans[3][20]	= settr(236,2,41,137,137,"((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==0))", 1, 2, 0); /* m: 21 -> 41,0 */
	reached3[21] = 1;
	trans[3][21]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+r)) : (r) )] = (2+o)",0,0,0);
	trans[3][22]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[3][28]	= settr(244,2,30,1,0,".(goto)", 1, 2, 0); /* m: 30 -> 0,41 */
	reached3[30] = 1;
	trans[3][23]	= settr(239,2,41,138,138,"((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==1))", 1, 2, 0); /* m: 24 -> 41,0 */
	reached3[24] = 1;
	trans[3][24]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[3][25]	= settr(241,2,41,139,139,"((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]>=2))", 1, 2, 0); /* m: 26 -> 41,0 */
	reached3[26] = 1;
	trans[3][26]	= settr(0,0,0,0,0,"res = 2",0,0,0);
	trans[3][30]	= settr(246,2,41,140,140,"cres[r] = res", 1, 2, 0);
	trans[3][36]	= settr(252,2,41,1,0,".(goto)", 1, 2, 0);
	trans[3][31]	= settr(247,2,41,141,141,"((out==3))", 1, 2, 0); /* m: 32 -> 41,0 */
	reached3[32] = 1;
	trans[3][32]	= settr(0,0,0,0,0,"lm = (lm|(1<<( ((ver[o]==1)) -> ((2+r)) : (r) )))",0,0,0);
	trans[3][33]	= settr(249,2,34,142,0,"((out==1))", 1, 2, 0);
	trans[3][34]	= settr(250,2,41,1,0,"(1)", 1, 2, 0);
	T = trans[3][41] = settr(257,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(257,2,37,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(257,2,39,0,0,"IF", 1, 2, 0);
	trans[3][37]	= settr(253,2,46,143,143,"((out!=0))", 1, 2, 0); /* m: 38 -> 46,0 */
	reached3[38] = 1;
	trans[3][38]	= settr(0,0,0,0,0,"cres[r] = 3",0,0,0);
	trans[3][42]	= settr(258,2,43,1,0,".(goto)", 1, 2, 0); /* m: 43 -> 0,46 */
	reached3[43] = 1;
	trans[3][39]	= settr(255,2,40,2,0,"else", 1, 2, 0);
	trans[3][40]	= settr(256,2,46,144,144,"(1)", 1, 2, 0); /* m: 43 -> 46,0 */
	reached3[43] = 1;
	trans[3][43]	= settr(259,2,46,145,145,"r = (r+1)", 1, 2, 0);
	trans[3][44]	= settr(260,2,53,2,0,"else", 1, 2, 0);
	trans[3][45]	= settr(261,2,53,1,0,"goto :b6", 1, 2, 0);
	trans[3][48]	= settr(264,2,53,1,0,"break", 1, 2, 0);
	T = trans[3][53] = settr(269,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(269,2,49,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(269,2,51,0,0,"IF", 1, 2, 0);
	trans[3][49]	= settr(265,2,60,146,146,"((out==2))", 1, 2, 0); /* m: 50 -> 60,0 */
	reached3[50] = 1;
	trans[3][50]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][54]	= settr(270,2,60,1,0,".(goto)", 1, 2, 0);
	trans[3][51]	= settr(267,2,52,2,0,"else", 1, 2, 0);
	trans[3][52]	= settr(268,2,60,1,0,"(1)", 1, 2, 0);
	T = trans[3][60] = settr(276,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(276,2,55,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(276,2,58,0,0,"IF", 1, 2, 0);
	trans[3][55]	= settr(271,2,57,147,147,"((out==3))", 1, 2, 0); /* m: 56 -> 57,0 */
	reached3[56] = 1;
	trans[3][56]	= settr(0,0,0,0,0,"alive = (alive+1)",0,0,0);
	trans[3][57]	= settr(273,2,61,148,148,"(run late(o,lm))", 1, 2, 0);
	trans[3][61]	= settr(277,0,197,1,0,".(goto)", 1, 2, 0);
	trans[3][58]	= settr(274,2,59,2,0,"else", 1, 2, 0);
	trans[3][59]	= settr(275,4,197,149,149,"(1)", 1, 2, 0); /* m: 61 -> 197,0 */
	reached3[61] = 1;
	T = trans[3][197] = settr(413,0,0,0,0,"IF", 0, 2, 0);
#if 0
	/* dead link: */
	T = T->nxt	= settr(413,0,63,0,0,"IF", 0, 2, 0);
#endif
	    T->nxt	= settr(413,0,195,0,0,"IF", 0, 2, 0);
	trans[3][63]	= settr(0,0,0,0,0,"(0)",0,0,0);
	trans[3][64]	= settr(280,0,78,150,150,"rm = 0", 0, 2, 0); /* m: 65 -> 0,78 */
	reached3[65] = 1;
	trans[3][65]	= settr(0,0,0,0,0,"lm = 0",0,0,0);
	T = trans[ 3][78] = settr(294,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(294,0,76,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][76] = settr(292,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(292,0,66,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(292,0,67,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(292,0,70,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(292,0,73,0,0,"IF", 0, 2, 0);
	trans[3][66]	= settr(282,0,136,151,151,"out = 0", 0, 2, 0);
	trans[3][77]	= settr(293,0,136,1,0,".(goto)", 0, 2, 0);
	trans[3][67]	= settr(283,0,68,152,0,"((faults<2))", 1, 2, 0);
	trans[3][68]	= settr(284,0,69,153,153,"faults = (faults+1)", 1, 2, 0);
	trans[3][69]	= settr(285,0,136,154,154,"out = 1", 0, 2, 0);
	trans[3][70]	= settr(286,0,71,155,0,"((faults<2))", 1, 2, 0);
	trans[3][71]	= settr(287,0,72,156,156,"faults = (faults+1)", 1, 2, 0);
	trans[3][72]	= settr(288,0,136,157,157,"out = 2", 0, 2, 0);
	trans[3][73]	= settr(289,0,74,158,0,"((faults<2))", 1, 2, 0);
	trans[3][74]	= settr(290,0,75,159,159,"faults = (faults+1)", 1, 2, 0);
	trans[3][75]	= settr(291,0,136,160,160,"out = 3", 0, 2, 0);
	T = trans[ 3][136] = settr(352,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(352,2,79,0,0,"ATOMIC", 1, 2, 0);
	trans[3][79]	= settr(295,2,120,161,161,"r = from", 1, 2, 0);
	trans[3][121]	= settr(337,2,120,1,0,".(goto)", 1, 2, 0);
	T = trans[3][120] = settr(336,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(336,2,80,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(336,2,118,0,0,"DO", 1, 2, 0);
	trans[3][80]	= settr(296,2,115,162,0,"((r<2))", 1, 2, 0);
	T = trans[3][115] = settr(331,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(331,2,81,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(331,2,113,0,0,"IF", 1, 2, 0);
	trans[3][81]	= settr(297,2,98,163,0,"((cres[r]==0))", 1, 2, 0);
	T = trans[3][98] = settr(314,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(314,2,82,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(314,2,93,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(314,2,96,0,0,"IF", 1, 2, 0);
	trans[3][82]	= settr(298,2,92,164,0,"(((out==0)||(out==2)))", 1, 2, 0);
	T = trans[ 3][92] = settr(308,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(308,0,90,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][90] = settr(306,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(306,2,83,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(306,2,86,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(306,2,88,0,0,"IF", 1, 2, 0);
	trans[3][83]	= settr(299,2,104,165,165,"((store[(2+r)]==0))", 1, 2, 0); /* m: 84 -> 104,0 */
	reached3[84] = 1;
	trans[3][84]	= settr(0,0,0,0,0,"store[(2+r)] = (2+o)",0,0,0);
	trans[3][85]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[3][91]	= settr(307,2,104,1,0,".(goto)", 1, 2, 0);
	trans[3][86]	= settr(302,2,104,166,166,"((store[(2+r)]==1))", 1, 2, 0); /* m: 87 -> 104,0 */
	reached3[87] = 1;
	trans[3][87]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[3][88]	= settr(304,2,104,167,167,"((store[(2+r)]>=2))", 1, 2, 0); /* m: 89 -> 104,0 */
	reached3[89] = 1;
	trans[3][89]	= settr(0,0,0,0,0,"res = 2",0,0,0);
	trans[3][99]	= settr(315,2,104,1,0,".(goto)", 1, 2, 0);
	trans[3][93]	= settr(309,2,104,168,168,"((out==3))", 1, 2, 0); /* m: 94 -> 104,0 */
	reached3[94] = 1;
	trans[3][94]	= settr(0,0,0,0,0,"lm = (lm|(1<<(2+r)))",0,0,0);
	trans[3][95]	= settr(0,0,0,0,0,"res = 3",0,0,0);
	trans[3][96]	= settr(312,2,97,2,0,"else", 1, 2, 0);
	trans[3][97]	= settr(313,2,104,169,169,"res = 3", 1, 2, 0);
	T = trans[3][104] = settr(320,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(320,2,100,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(320,2,102,0,0,"IF", 1, 2, 0);
	trans[3][100]	= settr(316,2,111,170,170,"((out!=0))", 1, 2, 0); /* m: 101 -> 111,0 */
	reached3[101] = 1;
	trans[3][101]	= settr(0,0,0,0,0,"res = 3",0,0,0);
	trans[3][105]	= settr(321,2,106,1,0,".(goto)", 1, 2, 0); /* m: 106 -> 0,111 */
	reached3[106] = 1;
	trans[3][102]	= settr(318,2,103,2,0,"else", 1, 2, 0);
	trans[3][103]	= settr(319,2,111,171,171,"(1)", 1, 2, 0); /* m: 106 -> 111,0 */
	reached3[106] = 1;
	trans[3][106]	= settr(322,2,111,172,172,"cres[r] = res", 1, 2, 0);
	T = trans[3][111] = settr(327,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(327,2,107,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(327,2,109,0,0,"IF", 1, 2, 0);
	trans[3][107]	= settr(323,2,120,173,173,"((cres[r]!=0))", 1, 2, 0); /* m: 108 -> 120,0 */
	reached3[108] = 1;
	trans[3][108]	= settr(0,0,0,0,0,"rm = (rm|(1<<r))",0,0,0);
	trans[3][112]	= settr(328,2,117,1,0,".(goto)", 1, 2, 0); /* m: 117 -> 0,120 */
	reached3[117] = 1;
	trans[3][109]	= settr(325,2,110,2,0,"else", 1, 2, 0);
	trans[3][110]	= settr(326,2,120,174,174,"(1)", 1, 2, 0); /* m: 117 -> 120,0 */
	reached3[117] = 1;
	trans[3][116]	= settr(332,2,117,1,0,".(goto)", 1, 2, 0); /* m: 117 -> 0,120 */
	reached3[117] = 1;
	trans[3][113]	= settr(329,2,114,2,0,"else", 1, 2, 0);
	trans[3][114]	= settr(330,2,120,175,175,"(1)", 1, 2, 0); /* m: 117 -> 120,0 */
	reached3[117] = 1;
	trans[3][117]	= settr(333,2,120,176,176,"r = (r+1)", 1, 2, 0);
	trans[3][118]	= settr(334,2,127,2,0,"else", 1, 2, 0);
	trans[3][119]	= settr(335,2,127,1,0,"goto :b7", 1, 2, 0);
	trans[3][122]	= settr(338,2,127,1,0,"break", 1, 2, 0);
	T = trans[3][127] = settr(343,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(343,2,123,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(343,2,125,0,0,"IF", 1, 2, 0);
	trans[3][123]	= settr(339,2,134,177,177,"((out==2))", 1, 2, 0); /* m: 124 -> 134,0 */
	reached3[124] = 1;
	trans[3][124]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][128]	= settr(344,2,134,1,0,".(goto)", 1, 2, 0);
	trans[3][125]	= settr(341,2,126,2,0,"else", 1, 2, 0);
	trans[3][126]	= settr(342,2,134,1,0,"(1)", 1, 2, 0);
	T = trans[3][134] = settr(350,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(350,2,129,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(350,2,132,0,0,"IF", 1, 2, 0);
	trans[3][129]	= settr(345,2,131,178,178,"(((out==3)&&(lm!=0)))", 1, 2, 0); /* m: 130 -> 131,0 */
	reached3[130] = 1;
	trans[3][130]	= settr(0,0,0,0,0,"alive = (alive+1)",0,0,0);
	trans[3][131]	= settr(347,2,135,179,179,"(run late(o,lm))", 1, 2, 0);
	trans[3][135]	= settr(351,0,193,1,0,".(goto)", 1, 2, 0);
	trans[3][132]	= settr(348,2,133,2,0,"else", 1, 2, 0);
	trans[3][133]	= settr(349,4,193,180,180,"(1)", 1, 2, 0); /* m: 135 -> 193,0 */
	reached3[135] = 1;
	T = trans[3][193] = settr(409,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(409,0,137,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(409,0,191,0,0,"IF", 0, 2, 0);
	trans[3][137]	= settr(353,0,190,181,0,"((rm!=0))", 0, 2, 0);
	T = trans[ 3][190] = settr(406,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(406,0,147,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][147] = settr(363,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(363,0,145,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][145] = settr(361,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(361,0,138,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(361,0,139,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(361,0,142,0,0,"IF", 0, 2, 0);
	trans[3][138]	= settr(354,0,189,182,182,"out = 0", 0, 2, 0);
	trans[3][146]	= settr(362,0,189,1,0,".(goto)", 0, 2, 0);
	trans[3][139]	= settr(355,0,140,183,0,"((faults<2))", 1, 2, 0);
	trans[3][140]	= settr(356,0,141,184,184,"faults = (faults+1)", 1, 2, 0);
	trans[3][141]	= settr(357,0,189,185,185,"out = 1", 0, 2, 0);
	trans[3][142]	= settr(358,0,143,186,0,"((faults<2))", 1, 2, 0);
	trans[3][143]	= settr(359,0,144,187,187,"faults = (faults+1)", 1, 2, 0);
	trans[3][144]	= settr(360,0,189,188,188,"out = 2", 0, 2, 0);
	T = trans[ 3][189] = settr(405,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(405,2,148,0,0,"ATOMIC", 1, 2, 0);
	trans[3][148]	= settr(364,2,186,189,189,"j = 0", 1, 2, 0);
	trans[3][187]	= settr(403,2,186,1,0,".(goto)", 1, 2, 0);
	T = trans[3][186] = settr(402,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(402,2,149,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(402,2,184,0,0,"DO", 1, 2, 0);
	trans[3][149]	= settr(365,2,181,190,0,"((j<2))", 1, 2, 0);
	T = trans[3][181] = settr(397,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(397,2,150,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(397,2,179,0,0,"IF", 1, 2, 0);
	trans[3][150]	= settr(366,2,177,191,0,"(((rm&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][177] = settr(393,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(393,2,151,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(393,2,175,0,0,"IF", 1, 2, 0);
	trans[3][151]	= settr(367,2,160,192,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][160] = settr(376,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(376,0,158,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][158] = settr(374,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(374,2,152,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(374,2,156,0,0,"IF", 1, 2, 0);
	trans[3][152]	= settr(368,2,155,193,0,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))", 1, 2, 0);
	T = trans[ 3][155] = settr(371,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(371,0,153,0,0,"sub-sequence", 1, 2, 0);
	trans[3][153]	= settr(369,2,173,194,194,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0); /* m: 154 -> 0,173 */
	reached3[154] = 1;
	trans[3][154]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0",0,0,0);
	trans[3][159]	= settr(375,2,173,1,0,".(goto)", 1, 2, 0);
	trans[3][156]	= settr(372,2,157,2,0,"else", 1, 2, 0);
	trans[3][157]	= settr(373,2,173,1,0,"(1)", 1, 2, 0);
	T = trans[3][173] = settr(389,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(389,2,161,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(389,2,171,0,0,"IF", 1, 2, 0);
	trans[3][161]	= settr(377,2,170,195,0,"((0&&0))", 1, 2, 0);
	T = trans[ 3][170] = settr(386,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(386,0,168,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][168] = settr(384,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(384,2,162,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(384,2,166,0,0,"IF", 1, 2, 0);
	trans[3][162]	= settr(378,2,165,196,0,"((store[(2+j)]==(2+o)))", 1, 2, 0);
	T = trans[ 3][165] = settr(381,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(381,0,163,0,0,"sub-sequence", 1, 2, 0);
	trans[3][163]	= settr(379,2,186,197,197,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))", 1, 2, 0); /* m: 164 -> 0,186 */
	reached3[164] = 1;
	trans[3][164]	= settr(0,0,0,0,0,"store[(2+j)] = 0",0,0,0);
	trans[3][169]	= settr(385,2,183,1,0,".(goto)", 1, 2, 0); /* m: 183 -> 0,186 */
	reached3[183] = 1;
	trans[3][166]	= settr(382,2,167,2,0,"else", 1, 2, 0);
	trans[3][167]	= settr(383,2,186,198,198,"(1)", 1, 2, 0); /* m: 183 -> 186,0 */
	reached3[183] = 1;
	trans[3][174]	= settr(390,2,183,1,0,".(goto)", 1, 2, 0); /* m: 183 -> 0,186 */
	reached3[183] = 1;
	trans[3][171]	= settr(387,2,172,2,0,"else", 1, 2, 0);
	trans[3][172]	= settr(388,2,186,199,199,"(1)", 1, 2, 0); /* m: 183 -> 186,0 */
	reached3[183] = 1;
	trans[3][178]	= settr(394,2,183,1,0,".(goto)", 1, 2, 0); /* m: 183 -> 0,186 */
	reached3[183] = 1;
	trans[3][175]	= settr(391,2,176,2,0,"else", 1, 2, 0);
	trans[3][176]	= settr(392,2,186,200,200,"mayleave[o] = 1", 1, 2, 0); /* m: 183 -> 0,186 */
	reached3[183] = 1;
	trans[3][182]	= settr(398,2,183,1,0,".(goto)", 1, 2, 0); /* m: 183 -> 0,186 */
	reached3[183] = 1;
	trans[3][179]	= settr(395,2,180,2,0,"else", 1, 2, 0);
	trans[3][180]	= settr(396,2,186,201,201,"(1)", 1, 2, 0); /* m: 183 -> 186,0 */
	reached3[183] = 1;
	trans[3][183]	= settr(399,2,186,202,202,"j = (j+1)", 1, 2, 0);
	trans[3][184]	= settr(400,2,185,2,0,"else", 1, 2, 0);
	trans[3][185]	= settr(401,2,188,1,0,"goto :b8", 1, 2, 0);
	trans[3][188]	= settr(404,0,208,1,0,"break", 1, 2, 0);
	trans[3][194]	= settr(410,0,208,1,0,".(goto)", 0, 2, 0);
	trans[3][191]	= settr(407,0,192,2,0,"else", 0, 2, 0);
	trans[3][192]	= settr(408,0,208,1,0,"(1)", 0, 2, 0);
	trans[3][198]	= settr(414,0,208,1,0,".(goto)", 0, 2, 0);
	trans[3][195]	= settr(411,0,196,2,0,"else", 0, 2, 0);
	trans[3][196]	= settr(412,0,208,1,0,"(1)", 0, 2, 0);
	T = trans[ 3][208] = settr(424,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(424,2,199,0,0,"ATOMIC", 1, 2, 0);
	trans[3][199]	= settr(415,2,205,203,203,"r = from", 1, 2, 0);
	trans[3][206]	= settr(422,2,205,1,0,".(goto)", 1, 2, 0);
	T = trans[3][205] = settr(421,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(421,2,200,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(421,2,203,0,0,"DO", 1, 2, 0);
	trans[3][200]	= settr(416,2,205,204,204,"((r<2))", 1, 2, 0); /* m: 201 -> 205,0 */
	reached3[201] = 1;
	trans[3][201]	= settr(0,0,0,0,0,"cl[((o*2)+r)] = ( ((cres[r]==0)) -> (1) : (( ((cres[r]==1)) -> (3) : (( ((cres[r]==2)) -> (4) : (( (open) -> (2) : (5) )) )) )) )",0,0,0);
	trans[3][202]	= settr(0,0,0,0,0,"r = (r+1)",0,0,0);
	trans[3][203]	= settr(419,2,204,2,0,"else", 1, 2, 0);
	trans[3][204]	= settr(420,2,207,1,0,"goto :b9", 1, 2, 0);
	trans[3][207]	= settr(423,0,209,1,0,"break", 1, 2, 0);
	trans[3][209]	= settr(425,0,678,205,205,"r = from", 0, 2, 0);
	trans[3][679]	= settr(895,0,678,1,0,".(goto)", 0, 2, 0);
	T = trans[3][678] = settr(894,0,0,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(894,0,210,0,0,"DO", 0, 2, 0);
	    T->nxt	= settr(894,0,212,0,0,"DO", 0, 2, 0);
	trans[3][210]	= settr(426,0,823,206,206,"((r==2))", 0, 2, 0);
	trans[3][211]	= settr(427,0,823,1,0,"goto :b10", 0, 2, 0);
	trans[3][212]	= settr(428,0,220,207,0,"((r<2))", 0, 2, 0);
	T = trans[3][220] = settr(436,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(436,0,213,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(436,0,219,0,0,"IF", 0, 2, 0);
	trans[3][213]	= settr(429,0,214,208,0,"((faults<2))", 1, 2, 0);
	trans[3][214]	= settr(430,0,215,209,209,"faults = (faults+1)", 1, 2, 0);
	trans[3][215]	= settr(431,0,216,210,210,"crashed[o] = 1", 1, 2, 0);
	trans[3][216]	= settr(432,0,217,211,211,"answer[o] = 2", 1, 2, 0);
	trans[3][217]	= settr(433,0,834,212,212,"over[o] = 1", 1, 2, 0);
	trans[3][218]	= settr(434,0,834,1,0,"goto dead", 0, 2, 0);
	trans[3][221]	= settr(437,0,228,1,0,".(goto)", 0, 2, 0);
	trans[3][219]	= settr(435,0,228,1,0,"(1)", 0, 2, 0);
	T = trans[ 3][228] = settr(444,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(444,0,226,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][226] = settr(442,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(442,0,222,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(442,0,225,0,0,"IF", 0, 2, 0);
	trans[3][222]	= settr(438,0,223,213,0,"((faults<2))", 1, 2, 0);
	trans[3][223]	= settr(439,0,224,214,214,"faults = (faults+1)", 1, 2, 0);
	trans[3][224]	= settr(440,0,675,215,215,"stale[o] = 1", 1, 2, 0);
	trans[3][227]	= settr(443,0,675,1,0,".(goto)", 0, 2, 0);
	trans[3][225]	= settr(441,0,675,1,0,"(1)", 0, 2, 0);
	T = trans[3][675] = settr(891,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(891,0,229,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(891,0,231,0,0,"IF", 0, 2, 0);
	trans[3][229]	= settr(445,0,230,216,0,"(stopped)", 0, 2, 0);
	trans[3][230]	= settr(446,0,677,217,217,"rn[((o*2)+r)] = 3", 1, 2, 0);
	trans[3][676]	= settr(892,0,677,1,0,".(goto)", 0, 2, 0); /* m: 677 -> 0,678 */
	reached3[677] = 1;
	trans[3][231]	= settr(447,0,297,218,0,"(!(stopped))", 0, 2, 0);
	T = trans[3][297] = settr(513,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(513,0,232,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(513,0,295,0,0,"IF", 0, 2, 0);
	trans[3][232]	= settr(448,0,294,219,0,"(((cl[((o*2)+r)]==1)&&stale[o]))", 1, 2, 0);
	T = trans[ 3][294] = settr(510,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(510,0,242,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][242] = settr(458,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(458,0,240,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][240] = settr(456,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(456,0,233,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(456,0,234,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(456,0,237,0,0,"IF", 0, 2, 0);
	trans[3][233]	= settr(449,0,293,220,220,"out = 0", 0, 2, 0);
	trans[3][241]	= settr(457,0,293,1,0,".(goto)", 0, 2, 0);
	trans[3][234]	= settr(450,0,235,221,0,"((faults<2))", 1, 2, 0);
	trans[3][235]	= settr(451,0,236,222,222,"faults = (faults+1)", 1, 2, 0);
	trans[3][236]	= settr(452,0,293,223,223,"out = 1", 0, 2, 0);
	trans[3][237]	= settr(453,0,238,224,0,"((faults<2))", 1, 2, 0);
	trans[3][238]	= settr(454,0,239,225,225,"faults = (faults+1)", 1, 2, 0);
	trans[3][239]	= settr(455,0,293,226,226,"out = 2", 0, 2, 0);
	T = trans[ 3][293] = settr(509,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(509,2,291,0,0,"ATOMIC", 1, 2, 0);
	T = trans[3][291] = settr(507,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(507,2,243,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(507,2,289,0,0,"IF", 1, 2, 0);
	trans[3][243]	= settr(459,2,285,227,227,"((out==0))", 1, 2, 0); /* m: 244 -> 285,0 */
	reached3[244] = 1;
	trans[3][244]	= settr(0,0,0,0,0,"j = r",0,0,0);
	trans[3][286]	= settr(502,2,285,1,0,".(goto)", 1, 2, 0);
	T = trans[3][285] = settr(501,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(501,2,245,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(501,2,283,0,0,"DO", 1, 2, 0);
	trans[3][245]	= settr(461,2,280,228,0,"((j<2))", 1, 2, 0);
	T = trans[3][280] = settr(496,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(496,2,246,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(496,2,278,0,0,"IF", 1, 2, 0);
	trans[3][246]	= settr(462,2,270,229,0,"(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==0)))", 1, 2, 0);
	T = trans[ 3][270] = settr(486,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(486,0,255,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 3][255] = settr(471,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(471,0,253,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][253] = settr(469,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(469,2,247,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(469,2,249,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(469,2,251,0,0,"IF", 1, 2, 0);
	trans[3][247]	= settr(463,2,268,230,230,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))", 1, 2, 0); /* m: 248 -> 268,0 */
	reached3[248] = 1;
	trans[3][248]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[3][254]	= settr(470,2,268,1,0,".(goto)", 1, 2, 0);
	trans[3][249]	= settr(465,2,268,231,231,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1))", 1, 2, 0); /* m: 250 -> 268,0 */
	reached3[250] = 1;
	trans[3][250]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[3][251]	= settr(467,2,252,2,0,"else", 1, 2, 0);
	trans[3][252]	= settr(468,2,268,232,232,"res = 2", 1, 2, 0);
	T = trans[3][268] = settr(484,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(484,2,256,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(484,2,266,0,0,"IF", 1, 2, 0);
	trans[3][256]	= settr(472,2,265,233,233,"((0&&(res==0)))", 1, 2, 0);
	T = trans[ 3][265] = settr(481,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(481,0,263,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][263] = settr(479,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(479,2,257,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(479,2,259,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(479,2,261,0,0,"IF", 1, 2, 0);
	trans[3][257]	= settr(473,2,277,234,234,"((store[(2+j)]==(2+o)))", 1, 2, 0); /* m: 258 -> 277,0 */
	reached3[258] = 1;
	trans[3][258]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[3][264]	= settr(480,2,277,1,0,".(goto)", 1, 2, 0);
	trans[3][259]	= settr(475,2,277,235,235,"((store[(2+j)]==1))", 1, 2, 0); /* m: 260 -> 277,0 */
	reached3[260] = 1;
	trans[3][260]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[3][261]	= settr(477,2,262,2,0,"else", 1, 2, 0);
	trans[3][262]	= settr(478,2,277,236,236,"res = 2", 1, 2, 0);
	trans[3][269]	= settr(485,2,277,1,0,".(goto)", 1, 2, 0);
	trans[3][266]	= settr(482,2,267,2,0,"else", 1, 2, 0);
	trans[3][267]	= settr(483,2,277,1,0,"(1)", 1, 2, 0);
	T = trans[ 3][277] = settr(493,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(493,0,275,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][275] = settr(491,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(491,2,271,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(491,2,273,0,0,"IF", 1, 2, 0);
	trans[3][271]	= settr(487,2,285,237,237,"((((res!=0)&&(cl[((o*2)+j)]==1))&&(rn[((o*2)+j)]==0)))", 1, 2, 0); /* m: 272 -> 285,0 */
	reached3[272] = 1;
	trans[3][272]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = ( ((res==1)) -> (3) : (6) )",0,0,0);
	trans[3][276]	= settr(492,2,282,1,0,".(goto)", 1, 2, 0); /* m: 282 -> 0,285 */
	reached3[282] = 1;
	trans[3][273]	= settr(489,2,274,2,0,"else", 1, 2, 0);
	trans[3][274]	= settr(490,2,285,238,238,"(1)", 1, 2, 0); /* m: 282 -> 285,0 */
	reached3[282] = 1;
	trans[3][281]	= settr(497,2,282,1,0,".(goto)", 1, 2, 0); /* m: 282 -> 0,285 */
	reached3[282] = 1;
	trans[3][278]	= settr(494,2,279,2,0,"else", 1, 2, 0);
	trans[3][279]	= settr(495,2,285,239,239,"(1)", 1, 2, 0); /* m: 282 -> 285,0 */
	reached3[282] = 1;
	trans[3][282]	= settr(498,2,285,240,240,"j = (j+1)", 1, 2, 0);
	trans[3][283]	= settr(499,2,288,2,0,"else", 1, 2, 0);
	trans[3][284]	= settr(500,2,288,1,0,"goto :b11", 1, 2, 0); /* m: 288 -> 0,673 */
	reached3[288] = 1;
	trans[3][287]	= settr(503,2,288,1,0,"break", 1, 2, 0);
	trans[3][288]	= settr(504,0,673,241,241,"stale[o] = 0", 1, 2, 0); /* m: 292 -> 0,673 */
	reached3[292] = 1;
	trans[3][292]	= settr(508,0,673,242,242,".(goto)", 1, 2, 0);
	trans[3][289]	= settr(505,2,290,2,0,"else", 1, 2, 0);
	trans[3][290]	= settr(506,0,673,243,243,"gStaleTrusted[r] = 1", 1, 2, 0); /* m: 292 -> 0,673 */
	reached3[292] = 1;
	trans[3][298]	= settr(514,0,673,1,0,".(goto)", 0, 2, 0);
	trans[3][295]	= settr(511,0,296,2,0,"else", 0, 2, 0);
	trans[3][296]	= settr(512,0,673,1,0,"(1)", 0, 2, 0);
	T = trans[3][673] = settr(889,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(889,0,299,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(889,0,301,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(889,0,304,0,0,"IF", 0, 2, 0);
	trans[3][299]	= settr(515,0,300,244,0,"((cl[((o*2)+r)]==3))", 1, 2, 0);
	trans[3][300]	= settr(516,0,677,245,245,"rn[((o*2)+r)] = 4", 1, 2, 0);
	trans[3][674]	= settr(890,0,677,1,0,".(goto)", 0, 2, 0); /* m: 677 -> 0,678 */
	reached3[677] = 1;
	trans[3][301]	= settr(517,0,302,246,0,"((((cl[((o*2)+r)]==4)||(cl[((o*2)+r)]==5))||(cl[((o*2)+r)]==6)))", 1, 2, 0);
	trans[3][302]	= settr(518,0,303,247,247,"rn[((o*2)+r)] = 3", 1, 2, 0);
	trans[3][303]	= settr(519,0,678,248,248,"stopped = 1", 0, 2, 0); /* m: 677 -> 0,678 */
	reached3[677] = 1;
	trans[3][304]	= settr(520,0,313,249,0,"(((cl[((o*2)+r)]==1)||(cl[((o*2)+r)]==2)))", 1, 2, 0);
	T = trans[ 3][313] = settr(529,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(529,2,310,0,0,"ATOMIC", 1, 2, 0);
	T = trans[3][310] = settr(526,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(526,2,305,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(526,2,308,0,0,"IF", 1, 2, 0);
	trans[3][305]	= settr(521,2,307,250,0,"((cl[((o*2)+r)]==1))", 1, 2, 0);
	T = trans[ 3][307] = settr(523,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(523,0,306,0,0,"sub-sequence", 1, 2, 0);
	trans[3][306]	= settr(522,4,463,251,251,"assert(((((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==(2+o))&&(!(0)||(store[(2+r)]==(2+o))))||gFailover)||gStaleTrusted[r]))", 1, 2, 0); /* m: 311 -> 0,463 */
	reached3[311] = 1;
	trans[3][311]	= settr(527,4,463,252,252,".(goto)", 1, 2, 0); /* m: 312 -> 0,463 */
	reached3[312] = 1;
	trans[3][308]	= settr(524,2,309,2,0,"else", 1, 2, 0);
	trans[3][309]	= settr(525,4,463,253,253,"gOpen[r] = 1", 1, 2, 0); /* m: 311 -> 0,463 */
	reached3[311] = 1;
	trans[3][312]	= settr(0,0,0,0,0,"rn[((o*2)+r)] = 1",0,0,0);
	T = trans[3][463] = settr(679,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(679,0,314,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(679,0,462,0,0,"IF", 0, 2, 0);
	trans[3][314]	= settr(530,0,315,254,254,"(((faults<2)&&!(timedOut)))", 1, 2, 0);
	trans[3][315]	= settr(531,0,316,255,255,"faults = (faults+1)", 1, 2, 0);
	trans[3][316]	= settr(532,0,317,256,256,"timedOut = 1", 0, 2, 0);
	trans[3][317]	= settr(533,0,460,257,257,"stale[o] = 1", 1, 2, 0);
	T = trans[ 3][460] = settr(676,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(676,0,318,0,0,"sub-sequence", 0, 2, 0);
	trans[3][318]	= settr(534,0,342,258,258,"cm = 0", 0, 2, 0); /* m: 319 -> 0,342 */
	reached3[319] = 1;
	trans[3][319]	= settr(0,0,0,0,0,"rm = 0",0,0,0);
	T = trans[ 3][342] = settr(558,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(558,2,320,0,0,"ATOMIC", 1, 2, 0);
	trans[3][320]	= settr(536,2,339,259,259,"j = from", 1, 2, 0);
	trans[3][340]	= settr(556,2,339,1,0,".(goto)", 1, 2, 0);
	T = trans[3][339] = settr(555,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(555,2,321,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(555,2,337,0,0,"DO", 1, 2, 0);
	trans[3][321]	= settr(537,2,334,260,0,"((j<2))", 1, 2, 0);
	T = trans[3][334] = settr(550,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(550,2,322,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(550,2,324,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(550,2,326,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(550,2,329,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(550,2,332,0,0,"IF", 1, 2, 0);
	trans[3][322]	= settr(538,2,339,261,261,"((cl[((o*2)+j)]==2))", 1, 2, 0); /* m: 323 -> 339,0 */
	reached3[323] = 1;
	trans[3][323]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 9",0,0,0);
	trans[3][335]	= settr(551,2,336,1,0,".(goto)", 1, 2, 0); /* m: 336 -> 0,339 */
	reached3[336] = 1;
	trans[3][324]	= settr(540,2,339,262,262,"(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==1)))", 1, 2, 0); /* m: 325 -> 339,0 */
	reached3[325] = 1;
	trans[3][325]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 7",0,0,0);
	trans[3][326]	= settr(542,2,339,263,263,"(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==2)))", 1, 2, 0); /* m: 327 -> 339,0 */
	reached3[327] = 1;
	trans[3][327]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 8",0,0,0);
	trans[3][328]	= settr(0,0,0,0,0,"cm = (cm|(1<<j))",0,0,0);
	trans[3][329]	= settr(545,2,339,264,264,"((((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]!=1))&&(rn[((o*2)+j)]!=2)))", 1, 2, 0); /* m: 330 -> 339,0 */
	reached3[330] = 1;
	trans[3][330]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 9",0,0,0);
	trans[3][331]	= settr(0,0,0,0,0,"rm = (rm|(1<<j))",0,0,0);
	trans[3][332]	= settr(548,2,333,2,0,"else", 1, 2, 0);
	trans[3][333]	= settr(549,2,339,265,265,"(1)", 1, 2, 0); /* m: 336 -> 339,0 */
	reached3[336] = 1;
	trans[3][336]	= settr(552,2,339,266,266,"j = (j+1)", 1, 2, 0);
	trans[3][337]	= settr(553,2,338,2,0,"else", 1, 2, 0);
	trans[3][338]	= settr(554,2,341,1,0,"goto :b12", 1, 2, 0);
	trans[3][341]	= settr(557,0,400,1,0,"break", 1, 2, 0);
	T = trans[3][400] = settr(616,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(616,0,343,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(616,0,398,0,0,"IF", 0, 2, 0);
	trans[3][343]	= settr(559,0,397,267,0,"((cm!=0))", 0, 2, 0);
	T = trans[ 3][397] = settr(613,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(613,0,353,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][353] = settr(569,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(569,0,351,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][351] = settr(567,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(567,0,344,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(567,0,345,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(567,0,348,0,0,"IF", 0, 2, 0);
	trans[3][344]	= settr(560,0,396,268,268,"out = 0", 0, 2, 0);
	trans[3][352]	= settr(568,0,396,1,0,".(goto)", 0, 2, 0);
	trans[3][345]	= settr(561,0,346,269,0,"((faults<2))", 1, 2, 0);
	trans[3][346]	= settr(562,0,347,270,270,"faults = (faults+1)", 1, 2, 0);
	trans[3][347]	= settr(563,0,396,271,271,"out = 1", 0, 2, 0);
	trans[3][348]	= settr(564,0,349,272,0,"((faults<2))", 1, 2, 0);
	trans[3][349]	= settr(565,0,350,273,273,"faults = (faults+1)", 1, 2, 0);
	trans[3][350]	= settr(566,0,396,274,274,"out = 2", 0, 2, 0);
	T = trans[ 3][396] = settr(612,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(612,2,354,0,0,"ATOMIC", 1, 2, 0);
	trans[3][354]	= settr(570,2,393,275,275,"j = 0", 1, 2, 0);
	trans[3][394]	= settr(610,2,393,1,0,".(goto)", 1, 2, 0);
	T = trans[3][393] = settr(609,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(609,2,355,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(609,2,391,0,0,"DO", 1, 2, 0);
	trans[3][355]	= settr(571,2,388,276,0,"((j<2))", 1, 2, 0);
	T = trans[3][388] = settr(604,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(604,2,356,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(604,2,386,0,0,"IF", 1, 2, 0);
	trans[3][356]	= settr(572,2,384,277,0,"(((cm&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][384] = settr(600,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(600,2,357,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(600,2,381,0,0,"IF", 1, 2, 0);
	trans[3][357]	= settr(573,2,366,278,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][366] = settr(582,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(582,0,364,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][364] = settr(580,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(580,2,358,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(580,2,362,0,0,"IF", 1, 2, 0);
	trans[3][358]	= settr(574,2,361,279,0,"(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0);
	T = trans[ 3][361] = settr(577,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(577,0,359,0,0,"sub-sequence", 1, 2, 0);
	trans[3][359]	= settr(575,2,379,280,280,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))", 1, 2, 0); /* m: 360 -> 0,379 */
	reached3[360] = 1;
	trans[3][360]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1",0,0,0);
	trans[3][365]	= settr(581,2,379,1,0,".(goto)", 1, 2, 0);
	trans[3][362]	= settr(578,2,363,2,0,"else", 1, 2, 0);
	trans[3][363]	= settr(579,2,379,1,0,"(1)", 1, 2, 0);
	T = trans[3][379] = settr(595,2,0,0,0,"IF", 1, 2, 0);
#if 0
	/* dead link: */
	T = T->nxt	= settr(595,2,367,0,0,"IF", 1, 2, 0);
#endif
	    T->nxt	= settr(595,2,377,0,0,"IF", 1, 2, 0);
	trans[3][367]	= settr(0,0,0,0,0,"(0)",0,0,0);
	T = trans[ 3][376] = settr(592,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(592,0,374,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][374] = settr(590,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(590,2,368,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(590,2,372,0,0,"IF", 1, 2, 0);
	trans[3][368]	= settr(584,2,371,281,0,"(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))", 1, 2, 0);
	T = trans[ 3][371] = settr(587,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(587,0,369,0,0,"sub-sequence", 1, 2, 0);
	trans[3][369]	= settr(585,2,393,282,282,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))", 1, 2, 0); /* m: 370 -> 0,393 */
	reached3[370] = 1;
	trans[3][370]	= settr(0,0,0,0,0,"store[(2+j)] = 1",0,0,0);
	trans[3][375]	= settr(591,2,390,1,0,".(goto)", 1, 2, 0); /* m: 390 -> 0,393 */
	reached3[390] = 1;
	trans[3][372]	= settr(588,2,373,2,0,"else", 1, 2, 0);
	trans[3][373]	= settr(589,2,393,283,283,"(1)", 1, 2, 0); /* m: 390 -> 393,0 */
	reached3[390] = 1;
	trans[3][380]	= settr(596,2,390,1,0,".(goto)", 1, 2, 0); /* m: 390 -> 0,393 */
	reached3[390] = 1;
	trans[3][377]	= settr(593,2,378,2,0,"else", 1, 2, 0);
	trans[3][378]	= settr(594,2,393,284,284,"(1)", 1, 2, 0); /* m: 390 -> 393,0 */
	reached3[390] = 1;
	trans[3][385]	= settr(601,2,390,1,0,".(goto)", 1, 2, 0); /* m: 390 -> 0,393 */
	reached3[390] = 1;
	trans[3][381]	= settr(597,2,382,2,0,"else", 1, 2, 0);
	trans[3][382]	= settr(598,2,393,285,285,"gCommitFailed[j] = 1", 1, 2, 0); /* m: 383 -> 0,393 */
	reached3[383] = 1;
	trans[3][383]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][389]	= settr(605,2,390,1,0,".(goto)", 1, 2, 0); /* m: 390 -> 0,393 */
	reached3[390] = 1;
	trans[3][386]	= settr(602,2,387,2,0,"else", 1, 2, 0);
	trans[3][387]	= settr(603,2,393,286,286,"(1)", 1, 2, 0); /* m: 390 -> 393,0 */
	reached3[390] = 1;
	trans[3][390]	= settr(606,2,393,287,287,"j = (j+1)", 1, 2, 0);
	trans[3][391]	= settr(607,2,392,2,0,"else", 1, 2, 0);
	trans[3][392]	= settr(608,2,395,1,0,"goto :b13", 1, 2, 0);
	trans[3][395]	= settr(611,0,458,1,0,"break", 1, 2, 0);
	trans[3][401]	= settr(617,0,458,1,0,".(goto)", 0, 2, 0);
	trans[3][398]	= settr(614,0,399,2,0,"else", 0, 2, 0);
	trans[3][399]	= settr(615,0,458,1,0,"(1)", 0, 2, 0);
	T = trans[3][458] = settr(674,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(674,0,402,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(674,0,456,0,0,"IF", 0, 2, 0);
	trans[3][402]	= settr(618,0,455,288,0,"((rm!=0))", 0, 2, 0);
	T = trans[ 3][455] = settr(671,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(671,0,412,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][412] = settr(628,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(628,0,410,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][410] = settr(626,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(626,0,403,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(626,0,404,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(626,0,407,0,0,"IF", 0, 2, 0);
	trans[3][403]	= settr(619,0,454,289,289,"out = 0", 0, 2, 0);
	trans[3][411]	= settr(627,0,454,1,0,".(goto)", 0, 2, 0);
	trans[3][404]	= settr(620,0,405,290,0,"((faults<2))", 1, 2, 0);
	trans[3][405]	= settr(621,0,406,291,291,"faults = (faults+1)", 1, 2, 0);
	trans[3][406]	= settr(622,0,454,292,292,"out = 1", 0, 2, 0);
	trans[3][407]	= settr(623,0,408,293,0,"((faults<2))", 1, 2, 0);
	trans[3][408]	= settr(624,0,409,294,294,"faults = (faults+1)", 1, 2, 0);
	trans[3][409]	= settr(625,0,454,295,295,"out = 2", 0, 2, 0);
	T = trans[ 3][454] = settr(670,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(670,2,413,0,0,"ATOMIC", 1, 2, 0);
	trans[3][413]	= settr(629,2,451,296,296,"j = 0", 1, 2, 0);
	trans[3][452]	= settr(668,2,451,1,0,".(goto)", 1, 2, 0);
	T = trans[3][451] = settr(667,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(667,2,414,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(667,2,449,0,0,"DO", 1, 2, 0);
	trans[3][414]	= settr(630,2,446,297,0,"((j<2))", 1, 2, 0);
	T = trans[3][446] = settr(662,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(662,2,415,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(662,2,444,0,0,"IF", 1, 2, 0);
	trans[3][415]	= settr(631,2,442,298,0,"(((rm&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][442] = settr(658,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(658,2,416,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(658,2,440,0,0,"IF", 1, 2, 0);
	trans[3][416]	= settr(632,2,425,299,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][425] = settr(641,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(641,0,423,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][423] = settr(639,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(639,2,417,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(639,2,421,0,0,"IF", 1, 2, 0);
	trans[3][417]	= settr(633,2,420,300,0,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))", 1, 2, 0);
	T = trans[ 3][420] = settr(636,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(636,0,418,0,0,"sub-sequence", 1, 2, 0);
	trans[3][418]	= settr(634,2,438,301,301,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0); /* m: 419 -> 0,438 */
	reached3[419] = 1;
	trans[3][419]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0",0,0,0);
	trans[3][424]	= settr(640,2,438,1,0,".(goto)", 1, 2, 0);
	trans[3][421]	= settr(637,2,422,2,0,"else", 1, 2, 0);
	trans[3][422]	= settr(638,2,438,1,0,"(1)", 1, 2, 0);
	T = trans[3][438] = settr(654,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(654,2,426,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(654,2,436,0,0,"IF", 1, 2, 0);
	trans[3][426]	= settr(642,2,435,302,0,"((1&&0))", 1, 2, 0);
	T = trans[ 3][435] = settr(651,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(651,0,433,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][433] = settr(649,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(649,2,427,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(649,2,431,0,0,"IF", 1, 2, 0);
	trans[3][427]	= settr(643,2,430,303,0,"((store[(2+j)]==(2+o)))", 1, 2, 0);
	T = trans[ 3][430] = settr(646,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(646,0,428,0,0,"sub-sequence", 1, 2, 0);
	trans[3][428]	= settr(644,2,451,304,304,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))", 1, 2, 0); /* m: 429 -> 0,451 */
	reached3[429] = 1;
	trans[3][429]	= settr(0,0,0,0,0,"store[(2+j)] = 0",0,0,0);
	trans[3][434]	= settr(650,2,448,1,0,".(goto)", 1, 2, 0); /* m: 448 -> 0,451 */
	reached3[448] = 1;
	trans[3][431]	= settr(647,2,432,2,0,"else", 1, 2, 0);
	trans[3][432]	= settr(648,2,451,305,305,"(1)", 1, 2, 0); /* m: 448 -> 451,0 */
	reached3[448] = 1;
	trans[3][439]	= settr(655,2,448,1,0,".(goto)", 1, 2, 0); /* m: 448 -> 0,451 */
	reached3[448] = 1;
	trans[3][436]	= settr(652,2,437,2,0,"else", 1, 2, 0);
	trans[3][437]	= settr(653,2,451,306,306,"(1)", 1, 2, 0); /* m: 448 -> 451,0 */
	reached3[448] = 1;
	trans[3][443]	= settr(659,2,448,1,0,".(goto)", 1, 2, 0); /* m: 448 -> 0,451 */
	reached3[448] = 1;
	trans[3][440]	= settr(656,2,441,2,0,"else", 1, 2, 0);
	trans[3][441]	= settr(657,2,451,307,307,"mayleave[o] = 1", 1, 2, 0); /* m: 448 -> 0,451 */
	reached3[448] = 1;
	trans[3][447]	= settr(663,2,448,1,0,".(goto)", 1, 2, 0); /* m: 448 -> 0,451 */
	reached3[448] = 1;
	trans[3][444]	= settr(660,2,445,2,0,"else", 1, 2, 0);
	trans[3][445]	= settr(661,2,451,308,308,"(1)", 1, 2, 0); /* m: 448 -> 451,0 */
	reached3[448] = 1;
	trans[3][448]	= settr(664,2,451,309,309,"j = (j+1)", 1, 2, 0);
	trans[3][449]	= settr(665,2,450,2,0,"else", 1, 2, 0);
	trans[3][450]	= settr(666,2,453,1,0,"goto :b14", 1, 2, 0);
	trans[3][453]	= settr(669,0,461,1,0,"break", 1, 2, 0);
	trans[3][459]	= settr(675,0,461,1,0,".(goto)", 0, 2, 0);
	trans[3][456]	= settr(672,0,457,2,0,"else", 0, 2, 0);
	trans[3][457]	= settr(673,0,461,1,0,"(1)", 0, 2, 0);
	trans[3][461]	= settr(677,0,471,310,310,"answer[o] = 2", 1, 2, 0);
	trans[3][464]	= settr(680,0,471,1,0,".(goto)", 0, 2, 0);
	trans[3][462]	= settr(678,0,471,1,0,"(1)", 0, 2, 0);
	T = trans[ 3][471] = settr(687,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(687,0,469,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][469] = settr(685,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(685,0,465,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(685,0,468,0,0,"IF", 0, 2, 0);
	trans[3][465]	= settr(681,0,466,311,0,"((faults<2))", 1, 2, 0);
	trans[3][466]	= settr(682,0,467,312,312,"faults = (faults+1)", 1, 2, 0);
	trans[3][467]	= settr(683,0,478,313,313,"stale[o] = 1", 1, 2, 0);
	trans[3][470]	= settr(686,0,478,1,0,".(goto)", 0, 2, 0);
	trans[3][468]	= settr(684,0,478,1,0,"(1)", 0, 2, 0);
	T = trans[3][478] = settr(694,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(694,0,474,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(694,0,476,0,0,"IF", 0, 2, 0);
	T = trans[ 3][474] = settr(690,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(690,0,472,0,0,"sub-sequence", 0, 2, 0);
	trans[3][472]	= settr(688,0,473,314,314,"effects[r] = (effects[r]+1)", 1, 2, 0);
	trans[3][473]	= settr(689,0,475,315,0,"assert(((effects[r]<=1)||((((((gOutlived[r]||gCrash[r])||gCommitFailed[r])||gOpen[r])||gStaleTrusted[r])||gWindow[r])||gFailover)))", 1, 2, 0);
	trans[3][475]	= settr(691,0,492,316,316,"rn[((o*2)+r)] = 2", 1, 2, 0);
	trans[3][479]	= settr(695,0,492,1,0,".(goto)", 0, 2, 0);
	trans[3][476]	= settr(692,0,477,317,317,"rn[((o*2)+r)] = 3", 1, 2, 0);
	trans[3][477]	= settr(693,0,492,318,318,"stopped = 1", 0, 2, 0);
	T = trans[3][492] = settr(708,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(708,0,480,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(708,0,490,0,0,"IF", 0, 2, 0);
	trans[3][480]	= settr(696,0,488,319,0,"((rn[((o*2)+r)]==2))", 1, 2, 0);
	T = trans[3][488] = settr(704,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(704,0,481,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(704,0,487,0,0,"IF", 0, 2, 0);
	trans[3][481]	= settr(697,0,482,320,0,"((faults<2))", 1, 2, 0);
	trans[3][482]	= settr(698,0,483,321,321,"faults = (faults+1)", 1, 2, 0);
	trans[3][483]	= settr(699,0,484,322,322,"crashed[o] = 1", 1, 2, 0);
	trans[3][484]	= settr(700,0,485,323,323,"answer[o] = 2", 1, 2, 0);
	trans[3][485]	= settr(701,0,834,324,324,"over[o] = 1", 1, 2, 0);
	trans[3][486]	= settr(702,0,834,1,0,"goto dead", 0, 2, 0);
	trans[3][489]	= settr(705,0,612,1,0,".(goto)", 0, 2, 0);
	trans[3][487]	= settr(703,0,612,1,0,"(1)", 0, 2, 0);
	trans[3][493]	= settr(709,0,612,1,0,".(goto)", 0, 2, 0);
	trans[3][490]	= settr(706,0,491,2,0,"else", 0, 2, 0);
	trans[3][491]	= settr(707,0,612,1,0,"(1)", 0, 2, 0);
	T = trans[3][612] = settr(828,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(828,0,494,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(828,0,610,0,0,"IF", 0, 2, 0);
	trans[3][494]	= settr(710,0,606,325,325,"(timedOut)", 0, 2, 0);
	T = trans[3][606] = settr(822,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(822,0,495,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(822,0,551,0,0,"IF", 0, 2, 0);
	trans[3][495]	= settr(711,0,496,326,0,"((rn[((o*2)+r)]==2))", 1, 2, 0);
	trans[3][496]	= settr(712,0,550,327,327,"cl[((o*2)+r)] = 8", 1, 2, 0);
	T = trans[ 3][550] = settr(766,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(766,0,506,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][506] = settr(722,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(722,0,504,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][504] = settr(720,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(720,0,497,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(720,0,498,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(720,0,501,0,0,"IF", 0, 2, 0);
	trans[3][497]	= settr(713,0,549,328,328,"out = 0", 0, 2, 0);
	trans[3][505]	= settr(721,0,549,1,0,".(goto)", 0, 2, 0);
	trans[3][498]	= settr(714,0,499,329,0,"((faults<2))", 1, 2, 0);
	trans[3][499]	= settr(715,0,500,330,330,"faults = (faults+1)", 1, 2, 0);
	trans[3][500]	= settr(716,0,549,331,331,"out = 1", 0, 2, 0);
	trans[3][501]	= settr(717,0,502,332,0,"((faults<2))", 1, 2, 0);
	trans[3][502]	= settr(718,0,503,333,333,"faults = (faults+1)", 1, 2, 0);
	trans[3][503]	= settr(719,0,549,334,334,"out = 2", 0, 2, 0);
	T = trans[ 3][549] = settr(765,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(765,2,507,0,0,"ATOMIC", 1, 2, 0);
	trans[3][507]	= settr(723,2,546,335,335,"j = 0", 1, 2, 0);
	trans[3][547]	= settr(763,2,546,1,0,".(goto)", 1, 2, 0);
	T = trans[3][546] = settr(762,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(762,2,508,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(762,2,544,0,0,"DO", 1, 2, 0);
	trans[3][508]	= settr(724,2,541,336,0,"((j<2))", 1, 2, 0);
	T = trans[3][541] = settr(757,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(757,2,509,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(757,2,539,0,0,"IF", 1, 2, 0);
	trans[3][509]	= settr(725,2,537,337,0,"((((1<<r)&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][537] = settr(753,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(753,2,510,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(753,2,534,0,0,"IF", 1, 2, 0);
	trans[3][510]	= settr(726,2,519,338,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][519] = settr(735,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(735,0,517,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][517] = settr(733,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(733,2,511,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(733,2,515,0,0,"IF", 1, 2, 0);
	trans[3][511]	= settr(727,2,514,339,0,"(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0);
	T = trans[ 3][514] = settr(730,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(730,0,512,0,0,"sub-sequence", 1, 2, 0);
	trans[3][512]	= settr(728,2,532,340,340,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))", 1, 2, 0); /* m: 513 -> 0,532 */
	reached3[513] = 1;
	trans[3][513]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1",0,0,0);
	trans[3][518]	= settr(734,2,532,1,0,".(goto)", 1, 2, 0);
	trans[3][515]	= settr(731,2,516,2,0,"else", 1, 2, 0);
	trans[3][516]	= settr(732,2,532,1,0,"(1)", 1, 2, 0);
	T = trans[3][532] = settr(748,2,0,0,0,"IF", 1, 2, 0);
#if 0
	/* dead link: */
	T = T->nxt	= settr(748,2,520,0,0,"IF", 1, 2, 0);
#endif
	    T->nxt	= settr(748,2,530,0,0,"IF", 1, 2, 0);
	trans[3][520]	= settr(0,0,0,0,0,"(0)",0,0,0);
	T = trans[ 3][529] = settr(745,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(745,0,527,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][527] = settr(743,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(743,2,521,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(743,2,525,0,0,"IF", 1, 2, 0);
	trans[3][521]	= settr(737,2,524,341,0,"(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))", 1, 2, 0);
	T = trans[ 3][524] = settr(740,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(740,0,522,0,0,"sub-sequence", 1, 2, 0);
	trans[3][522]	= settr(738,2,546,342,342,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))", 1, 2, 0); /* m: 523 -> 0,546 */
	reached3[523] = 1;
	trans[3][523]	= settr(0,0,0,0,0,"store[(2+j)] = 1",0,0,0);
	trans[3][528]	= settr(744,2,543,1,0,".(goto)", 1, 2, 0); /* m: 543 -> 0,546 */
	reached3[543] = 1;
	trans[3][525]	= settr(741,2,526,2,0,"else", 1, 2, 0);
	trans[3][526]	= settr(742,2,546,343,343,"(1)", 1, 2, 0); /* m: 543 -> 546,0 */
	reached3[543] = 1;
	trans[3][533]	= settr(749,2,543,1,0,".(goto)", 1, 2, 0); /* m: 543 -> 0,546 */
	reached3[543] = 1;
	trans[3][530]	= settr(746,2,531,2,0,"else", 1, 2, 0);
	trans[3][531]	= settr(747,2,546,344,344,"(1)", 1, 2, 0); /* m: 543 -> 546,0 */
	reached3[543] = 1;
	trans[3][538]	= settr(754,2,543,1,0,".(goto)", 1, 2, 0); /* m: 543 -> 0,546 */
	reached3[543] = 1;
	trans[3][534]	= settr(750,2,535,2,0,"else", 1, 2, 0);
	trans[3][535]	= settr(751,2,546,345,345,"gCommitFailed[j] = 1", 1, 2, 0); /* m: 536 -> 0,546 */
	reached3[536] = 1;
	trans[3][536]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][542]	= settr(758,2,543,1,0,".(goto)", 1, 2, 0); /* m: 543 -> 0,546 */
	reached3[543] = 1;
	trans[3][539]	= settr(755,2,540,2,0,"else", 1, 2, 0);
	trans[3][540]	= settr(756,2,546,346,346,"(1)", 1, 2, 0); /* m: 543 -> 546,0 */
	reached3[543] = 1;
	trans[3][543]	= settr(759,2,546,347,347,"j = (j+1)", 1, 2, 0);
	trans[3][544]	= settr(760,2,545,2,0,"else", 1, 2, 0);
	trans[3][545]	= settr(761,2,548,1,0,"goto :b15", 1, 2, 0);
	trans[3][548]	= settr(764,0,608,1,0,"break", 1, 2, 0);
	trans[3][607]	= settr(823,0,608,1,0,".(goto)", 0, 2, 0);
	trans[3][551]	= settr(767,0,552,2,0,"else", 0, 2, 0);
	trans[3][552]	= settr(768,0,605,348,348,"cl[((o*2)+r)] = 9", 1, 2, 0);
	T = trans[ 3][605] = settr(821,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(821,0,562,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][562] = settr(778,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(778,0,560,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][560] = settr(776,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(776,0,553,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(776,0,554,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(776,0,557,0,0,"IF", 0, 2, 0);
	trans[3][553]	= settr(769,0,604,349,349,"out = 0", 0, 2, 0);
	trans[3][561]	= settr(777,0,604,1,0,".(goto)", 0, 2, 0);
	trans[3][554]	= settr(770,0,555,350,0,"((faults<2))", 1, 2, 0);
	trans[3][555]	= settr(771,0,556,351,351,"faults = (faults+1)", 1, 2, 0);
	trans[3][556]	= settr(772,0,604,352,352,"out = 1", 0, 2, 0);
	trans[3][557]	= settr(773,0,558,353,0,"((faults<2))", 1, 2, 0);
	trans[3][558]	= settr(774,0,559,354,354,"faults = (faults+1)", 1, 2, 0);
	trans[3][559]	= settr(775,0,604,355,355,"out = 2", 0, 2, 0);
	T = trans[ 3][604] = settr(820,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(820,2,563,0,0,"ATOMIC", 1, 2, 0);
	trans[3][563]	= settr(779,2,601,356,356,"j = 0", 1, 2, 0);
	trans[3][602]	= settr(818,2,601,1,0,".(goto)", 1, 2, 0);
	T = trans[3][601] = settr(817,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(817,2,564,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(817,2,599,0,0,"DO", 1, 2, 0);
	trans[3][564]	= settr(780,2,596,357,0,"((j<2))", 1, 2, 0);
	T = trans[3][596] = settr(812,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(812,2,565,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(812,2,594,0,0,"IF", 1, 2, 0);
	trans[3][565]	= settr(781,2,592,358,0,"((((1<<r)&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][592] = settr(808,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(808,2,566,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(808,2,590,0,0,"IF", 1, 2, 0);
	trans[3][566]	= settr(782,2,575,359,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][575] = settr(791,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(791,0,573,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][573] = settr(789,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(789,2,567,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(789,2,571,0,0,"IF", 1, 2, 0);
	trans[3][567]	= settr(783,2,570,360,0,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))", 1, 2, 0);
	T = trans[ 3][570] = settr(786,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(786,0,568,0,0,"sub-sequence", 1, 2, 0);
	trans[3][568]	= settr(784,2,588,361,361,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0); /* m: 569 -> 0,588 */
	reached3[569] = 1;
	trans[3][569]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0",0,0,0);
	trans[3][574]	= settr(790,2,588,1,0,".(goto)", 1, 2, 0);
	trans[3][571]	= settr(787,2,572,2,0,"else", 1, 2, 0);
	trans[3][572]	= settr(788,2,588,1,0,"(1)", 1, 2, 0);
	T = trans[3][588] = settr(804,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(804,2,576,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(804,2,586,0,0,"IF", 1, 2, 0);
	trans[3][576]	= settr(792,2,585,362,0,"((1&&0))", 1, 2, 0);
	T = trans[ 3][585] = settr(801,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(801,0,583,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][583] = settr(799,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(799,2,577,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(799,2,581,0,0,"IF", 1, 2, 0);
	trans[3][577]	= settr(793,2,580,363,0,"((store[(2+j)]==(2+o)))", 1, 2, 0);
	T = trans[ 3][580] = settr(796,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(796,0,578,0,0,"sub-sequence", 1, 2, 0);
	trans[3][578]	= settr(794,2,601,364,364,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))", 1, 2, 0); /* m: 579 -> 0,601 */
	reached3[579] = 1;
	trans[3][579]	= settr(0,0,0,0,0,"store[(2+j)] = 0",0,0,0);
	trans[3][584]	= settr(800,2,598,1,0,".(goto)", 1, 2, 0); /* m: 598 -> 0,601 */
	reached3[598] = 1;
	trans[3][581]	= settr(797,2,582,2,0,"else", 1, 2, 0);
	trans[3][582]	= settr(798,2,601,365,365,"(1)", 1, 2, 0); /* m: 598 -> 601,0 */
	reached3[598] = 1;
	trans[3][589]	= settr(805,2,598,1,0,".(goto)", 1, 2, 0); /* m: 598 -> 0,601 */
	reached3[598] = 1;
	trans[3][586]	= settr(802,2,587,2,0,"else", 1, 2, 0);
	trans[3][587]	= settr(803,2,601,366,366,"(1)", 1, 2, 0); /* m: 598 -> 601,0 */
	reached3[598] = 1;
	trans[3][593]	= settr(809,2,598,1,0,".(goto)", 1, 2, 0); /* m: 598 -> 0,601 */
	reached3[598] = 1;
	trans[3][590]	= settr(806,2,591,2,0,"else", 1, 2, 0);
	trans[3][591]	= settr(807,2,601,367,367,"mayleave[o] = 1", 1, 2, 0); /* m: 598 -> 0,601 */
	reached3[598] = 1;
	trans[3][597]	= settr(813,2,598,1,0,".(goto)", 1, 2, 0); /* m: 598 -> 0,601 */
	reached3[598] = 1;
	trans[3][594]	= settr(810,2,595,2,0,"else", 1, 2, 0);
	trans[3][595]	= settr(811,2,601,368,368,"(1)", 1, 2, 0); /* m: 598 -> 601,0 */
	reached3[598] = 1;
	trans[3][598]	= settr(814,2,601,369,369,"j = (j+1)", 1, 2, 0);
	trans[3][599]	= settr(815,2,600,2,0,"else", 1, 2, 0);
	trans[3][600]	= settr(816,2,603,1,0,"goto :b16", 1, 2, 0);
	trans[3][603]	= settr(819,0,608,1,0,"break", 1, 2, 0);
	trans[3][608]	= settr(824,0,834,370,370,"over[o] = 1", 1, 2, 0);
	trans[3][609]	= settr(825,0,834,1,0,"goto dead", 0, 2, 0);
	trans[3][613]	= settr(829,0,671,1,0,".(goto)", 0, 2, 0);
	trans[3][610]	= settr(826,0,611,2,0,"else", 0, 2, 0);
	trans[3][611]	= settr(827,0,671,1,0,"(1)", 0, 2, 0);
	T = trans[3][671] = settr(887,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(887,0,614,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(887,0,670,0,0,"IF", 0, 2, 0);
	trans[3][614]	= settr(830,0,615,371,0,"(((rn[((o*2)+r)]==2)&&(cl[((o*2)+r)]==1)))", 1, 2, 0);
	trans[3][615]	= settr(831,0,669,372,372,"cl[((o*2)+r)] = 8", 1, 2, 0);
	T = trans[ 3][669] = settr(885,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(885,0,625,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][625] = settr(841,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(841,0,623,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][623] = settr(839,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(839,0,616,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(839,0,617,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(839,0,620,0,0,"IF", 0, 2, 0);
	trans[3][616]	= settr(832,0,668,373,373,"out = 0", 0, 2, 0);
	trans[3][624]	= settr(840,0,668,1,0,".(goto)", 0, 2, 0);
	trans[3][617]	= settr(833,0,618,374,0,"((faults<2))", 1, 2, 0);
	trans[3][618]	= settr(834,0,619,375,375,"faults = (faults+1)", 1, 2, 0);
	trans[3][619]	= settr(835,0,668,376,376,"out = 1", 0, 2, 0);
	trans[3][620]	= settr(836,0,621,377,0,"((faults<2))", 1, 2, 0);
	trans[3][621]	= settr(837,0,622,378,378,"faults = (faults+1)", 1, 2, 0);
	trans[3][622]	= settr(838,0,668,379,379,"out = 2", 0, 2, 0);
	T = trans[ 3][668] = settr(884,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(884,2,626,0,0,"ATOMIC", 1, 2, 0);
	trans[3][626]	= settr(842,2,665,380,380,"j = 0", 1, 2, 0);
	trans[3][666]	= settr(882,2,665,1,0,".(goto)", 1, 2, 0);
	T = trans[3][665] = settr(881,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(881,2,627,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(881,2,663,0,0,"DO", 1, 2, 0);
	trans[3][627]	= settr(843,2,660,381,0,"((j<2))", 1, 2, 0);
	T = trans[3][660] = settr(876,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(876,2,628,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(876,2,658,0,0,"IF", 1, 2, 0);
	trans[3][628]	= settr(844,2,656,382,0,"((((1<<r)&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][656] = settr(872,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(872,2,629,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(872,2,653,0,0,"IF", 1, 2, 0);
	trans[3][629]	= settr(845,2,638,383,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][638] = settr(854,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(854,0,636,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][636] = settr(852,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(852,2,630,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(852,2,634,0,0,"IF", 1, 2, 0);
	trans[3][630]	= settr(846,2,633,384,0,"(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0);
	T = trans[ 3][633] = settr(849,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(849,0,631,0,0,"sub-sequence", 1, 2, 0);
	trans[3][631]	= settr(847,2,651,385,385,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))", 1, 2, 0); /* m: 632 -> 0,651 */
	reached3[632] = 1;
	trans[3][632]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1",0,0,0);
	trans[3][637]	= settr(853,2,651,1,0,".(goto)", 1, 2, 0);
	trans[3][634]	= settr(850,2,635,2,0,"else", 1, 2, 0);
	trans[3][635]	= settr(851,2,651,1,0,"(1)", 1, 2, 0);
	T = trans[3][651] = settr(867,2,0,0,0,"IF", 1, 2, 0);
#if 0
	/* dead link: */
	T = T->nxt	= settr(867,2,639,0,0,"IF", 1, 2, 0);
#endif
	    T->nxt	= settr(867,2,649,0,0,"IF", 1, 2, 0);
	trans[3][639]	= settr(0,0,0,0,0,"(0)",0,0,0);
	T = trans[ 3][648] = settr(864,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(864,0,646,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][646] = settr(862,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(862,2,640,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(862,2,644,0,0,"IF", 1, 2, 0);
	trans[3][640]	= settr(856,2,643,386,0,"(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))", 1, 2, 0);
	T = trans[ 3][643] = settr(859,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(859,0,641,0,0,"sub-sequence", 1, 2, 0);
	trans[3][641]	= settr(857,2,665,387,387,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))", 1, 2, 0); /* m: 642 -> 0,665 */
	reached3[642] = 1;
	trans[3][642]	= settr(0,0,0,0,0,"store[(2+j)] = 1",0,0,0);
	trans[3][647]	= settr(863,2,662,1,0,".(goto)", 1, 2, 0); /* m: 662 -> 0,665 */
	reached3[662] = 1;
	trans[3][644]	= settr(860,2,645,2,0,"else", 1, 2, 0);
	trans[3][645]	= settr(861,2,665,388,388,"(1)", 1, 2, 0); /* m: 662 -> 665,0 */
	reached3[662] = 1;
	trans[3][652]	= settr(868,2,662,1,0,".(goto)", 1, 2, 0); /* m: 662 -> 0,665 */
	reached3[662] = 1;
	trans[3][649]	= settr(865,2,650,2,0,"else", 1, 2, 0);
	trans[3][650]	= settr(866,2,665,389,389,"(1)", 1, 2, 0); /* m: 662 -> 665,0 */
	reached3[662] = 1;
	trans[3][657]	= settr(873,2,662,1,0,".(goto)", 1, 2, 0); /* m: 662 -> 0,665 */
	reached3[662] = 1;
	trans[3][653]	= settr(869,2,654,2,0,"else", 1, 2, 0);
	trans[3][654]	= settr(870,2,665,390,390,"gCommitFailed[j] = 1", 1, 2, 0); /* m: 655 -> 0,665 */
	reached3[655] = 1;
	trans[3][655]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][661]	= settr(877,2,662,1,0,".(goto)", 1, 2, 0); /* m: 662 -> 0,665 */
	reached3[662] = 1;
	trans[3][658]	= settr(874,2,659,2,0,"else", 1, 2, 0);
	trans[3][659]	= settr(875,2,665,391,391,"(1)", 1, 2, 0); /* m: 662 -> 665,0 */
	reached3[662] = 1;
	trans[3][662]	= settr(878,2,665,392,392,"j = (j+1)", 1, 2, 0);
	trans[3][663]	= settr(879,2,664,2,0,"else", 1, 2, 0);
	trans[3][664]	= settr(880,2,667,1,0,"goto :b17", 1, 2, 0);
	trans[3][667]	= settr(883,0,677,1,0,"break", 1, 2, 0);
	trans[3][672]	= settr(888,0,677,1,0,".(goto)", 0, 2, 0); /* m: 677 -> 0,678 */
	reached3[677] = 1;
	trans[3][670]	= settr(886,0,678,393,393,"(1)", 0, 2, 0); /* m: 677 -> 678,0 */
	reached3[677] = 1;
	trans[3][677]	= settr(893,0,678,394,394,"r = (r+1)", 0, 2, 0);
	trans[3][680]	= settr(896,0,823,1,0,"break", 0, 2, 0);
	T = trans[ 3][823] = settr(1039,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1039,0,681,0,0,"sub-sequence", 0, 2, 0);
	trans[3][681]	= settr(897,0,705,395,395,"cm = 0", 0, 2, 0); /* m: 682 -> 0,705 */
	reached3[682] = 1;
	trans[3][682]	= settr(0,0,0,0,0,"rm = 0",0,0,0);
	T = trans[ 3][705] = settr(921,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(921,2,683,0,0,"ATOMIC", 1, 2, 0);
	trans[3][683]	= settr(899,2,702,396,396,"j = from", 1, 2, 0);
	trans[3][703]	= settr(919,2,702,1,0,".(goto)", 1, 2, 0);
	T = trans[3][702] = settr(918,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(918,2,684,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(918,2,700,0,0,"DO", 1, 2, 0);
	trans[3][684]	= settr(900,2,697,397,0,"((j<2))", 1, 2, 0);
	T = trans[3][697] = settr(913,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(913,2,685,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(913,2,687,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(913,2,689,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(913,2,692,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(913,2,695,0,0,"IF", 1, 2, 0);
	trans[3][685]	= settr(901,2,702,398,398,"((cl[((o*2)+j)]==2))", 1, 2, 0); /* m: 686 -> 702,0 */
	reached3[686] = 1;
	trans[3][686]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 9",0,0,0);
	trans[3][698]	= settr(914,2,699,1,0,".(goto)", 1, 2, 0); /* m: 699 -> 0,702 */
	reached3[699] = 1;
	trans[3][687]	= settr(903,2,702,399,399,"(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==1)))", 1, 2, 0); /* m: 688 -> 702,0 */
	reached3[688] = 1;
	trans[3][688]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 7",0,0,0);
	trans[3][689]	= settr(905,2,702,400,400,"(((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]==2)))", 1, 2, 0); /* m: 690 -> 702,0 */
	reached3[690] = 1;
	trans[3][690]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 8",0,0,0);
	trans[3][691]	= settr(0,0,0,0,0,"cm = (cm|(1<<j))",0,0,0);
	trans[3][692]	= settr(908,2,702,401,401,"((((cl[((o*2)+j)]==1)&&(rn[((o*2)+j)]!=1))&&(rn[((o*2)+j)]!=2)))", 1, 2, 0); /* m: 693 -> 702,0 */
	reached3[693] = 1;
	trans[3][693]	= settr(0,0,0,0,0,"cl[((o*2)+j)] = 9",0,0,0);
	trans[3][694]	= settr(0,0,0,0,0,"rm = (rm|(1<<j))",0,0,0);
	trans[3][695]	= settr(911,2,696,2,0,"else", 1, 2, 0);
	trans[3][696]	= settr(912,2,702,402,402,"(1)", 1, 2, 0); /* m: 699 -> 702,0 */
	reached3[699] = 1;
	trans[3][699]	= settr(915,2,702,403,403,"j = (j+1)", 1, 2, 0);
	trans[3][700]	= settr(916,2,701,2,0,"else", 1, 2, 0);
	trans[3][701]	= settr(917,2,704,1,0,"goto :b18", 1, 2, 0);
	trans[3][704]	= settr(920,0,763,1,0,"break", 1, 2, 0);
	T = trans[3][763] = settr(979,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(979,0,706,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(979,0,761,0,0,"IF", 0, 2, 0);
	trans[3][706]	= settr(922,0,760,404,0,"((cm!=0))", 0, 2, 0);
	T = trans[ 3][760] = settr(976,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(976,0,716,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][716] = settr(932,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(932,0,714,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][714] = settr(930,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(930,0,707,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(930,0,708,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(930,0,711,0,0,"IF", 0, 2, 0);
	trans[3][707]	= settr(923,0,759,405,405,"out = 0", 0, 2, 0);
	trans[3][715]	= settr(931,0,759,1,0,".(goto)", 0, 2, 0);
	trans[3][708]	= settr(924,0,709,406,0,"((faults<2))", 1, 2, 0);
	trans[3][709]	= settr(925,0,710,407,407,"faults = (faults+1)", 1, 2, 0);
	trans[3][710]	= settr(926,0,759,408,408,"out = 1", 0, 2, 0);
	trans[3][711]	= settr(927,0,712,409,0,"((faults<2))", 1, 2, 0);
	trans[3][712]	= settr(928,0,713,410,410,"faults = (faults+1)", 1, 2, 0);
	trans[3][713]	= settr(929,0,759,411,411,"out = 2", 0, 2, 0);
	T = trans[ 3][759] = settr(975,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(975,2,717,0,0,"ATOMIC", 1, 2, 0);
	trans[3][717]	= settr(933,2,756,412,412,"j = 0", 1, 2, 0);
	trans[3][757]	= settr(973,2,756,1,0,".(goto)", 1, 2, 0);
	T = trans[3][756] = settr(972,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(972,2,718,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(972,2,754,0,0,"DO", 1, 2, 0);
	trans[3][718]	= settr(934,2,751,413,0,"((j<2))", 1, 2, 0);
	T = trans[3][751] = settr(967,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(967,2,719,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(967,2,749,0,0,"IF", 1, 2, 0);
	trans[3][719]	= settr(935,2,747,414,0,"(((cm&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][747] = settr(963,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(963,2,720,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(963,2,744,0,0,"IF", 1, 2, 0);
	trans[3][720]	= settr(936,2,729,415,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][729] = settr(945,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(945,0,727,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][727] = settr(943,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(943,2,721,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(943,2,725,0,0,"IF", 1, 2, 0);
	trans[3][721]	= settr(937,2,724,416,0,"(((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0);
	T = trans[ 3][724] = settr(940,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(940,0,722,0,0,"sub-sequence", 1, 2, 0);
	trans[3][722]	= settr(938,2,742,417,417,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==1)))", 1, 2, 0); /* m: 723 -> 0,742 */
	reached3[723] = 1;
	trans[3][723]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 1",0,0,0);
	trans[3][728]	= settr(944,2,742,1,0,".(goto)", 1, 2, 0);
	trans[3][725]	= settr(941,2,726,2,0,"else", 1, 2, 0);
	trans[3][726]	= settr(942,2,742,1,0,"(1)", 1, 2, 0);
	T = trans[3][742] = settr(958,2,0,0,0,"IF", 1, 2, 0);
#if 0
	/* dead link: */
	T = T->nxt	= settr(958,2,730,0,0,"IF", 1, 2, 0);
#endif
	    T->nxt	= settr(958,2,740,0,0,"IF", 1, 2, 0);
	trans[3][730]	= settr(0,0,0,0,0,"(0)",0,0,0);
	T = trans[ 3][739] = settr(955,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(955,0,737,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][737] = settr(953,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(953,2,731,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(953,2,735,0,0,"IF", 1, 2, 0);
	trans[3][731]	= settr(947,2,734,418,0,"(((store[(2+j)]==(2+o))||(store[(2+j)]==0)))", 1, 2, 0);
	T = trans[ 3][734] = settr(950,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(950,0,732,0,0,"sub-sequence", 1, 2, 0);
	trans[3][732]	= settr(948,2,756,419,419,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==1)))", 1, 2, 0); /* m: 733 -> 0,756 */
	reached3[733] = 1;
	trans[3][733]	= settr(0,0,0,0,0,"store[(2+j)] = 1",0,0,0);
	trans[3][738]	= settr(954,2,753,1,0,".(goto)", 1, 2, 0); /* m: 753 -> 0,756 */
	reached3[753] = 1;
	trans[3][735]	= settr(951,2,736,2,0,"else", 1, 2, 0);
	trans[3][736]	= settr(952,2,756,420,420,"(1)", 1, 2, 0); /* m: 753 -> 756,0 */
	reached3[753] = 1;
	trans[3][743]	= settr(959,2,753,1,0,".(goto)", 1, 2, 0); /* m: 753 -> 0,756 */
	reached3[753] = 1;
	trans[3][740]	= settr(956,2,741,2,0,"else", 1, 2, 0);
	trans[3][741]	= settr(957,2,756,421,421,"(1)", 1, 2, 0); /* m: 753 -> 756,0 */
	reached3[753] = 1;
	trans[3][748]	= settr(964,2,753,1,0,".(goto)", 1, 2, 0); /* m: 753 -> 0,756 */
	reached3[753] = 1;
	trans[3][744]	= settr(960,2,745,2,0,"else", 1, 2, 0);
	trans[3][745]	= settr(961,2,756,422,422,"gCommitFailed[j] = 1", 1, 2, 0); /* m: 746 -> 0,756 */
	reached3[746] = 1;
	trans[3][746]	= settr(0,0,0,0,0,"mayleave[o] = 1",0,0,0);
	trans[3][752]	= settr(968,2,753,1,0,".(goto)", 1, 2, 0); /* m: 753 -> 0,756 */
	reached3[753] = 1;
	trans[3][749]	= settr(965,2,750,2,0,"else", 1, 2, 0);
	trans[3][750]	= settr(966,2,756,423,423,"(1)", 1, 2, 0); /* m: 753 -> 756,0 */
	reached3[753] = 1;
	trans[3][753]	= settr(969,2,756,424,424,"j = (j+1)", 1, 2, 0);
	trans[3][754]	= settr(970,2,755,2,0,"else", 1, 2, 0);
	trans[3][755]	= settr(971,2,758,1,0,"goto :b19", 1, 2, 0);
	trans[3][758]	= settr(974,0,821,1,0,"break", 1, 2, 0);
	trans[3][764]	= settr(980,0,821,1,0,".(goto)", 0, 2, 0);
	trans[3][761]	= settr(977,0,762,2,0,"else", 0, 2, 0);
	trans[3][762]	= settr(978,0,821,1,0,"(1)", 0, 2, 0);
	T = trans[3][821] = settr(1037,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(1037,0,765,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(1037,0,819,0,0,"IF", 0, 2, 0);
	trans[3][765]	= settr(981,0,818,425,0,"((rm!=0))", 0, 2, 0);
	T = trans[ 3][818] = settr(1034,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(1034,0,775,0,0,"sub-sequence", 0, 2, 0);
	T = trans[ 3][775] = settr(991,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(991,0,773,0,0,"sub-sequence", 0, 2, 0);
	T = trans[3][773] = settr(989,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(989,0,766,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(989,0,767,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(989,0,770,0,0,"IF", 0, 2, 0);
	trans[3][766]	= settr(982,0,817,426,426,"out = 0", 0, 2, 0);
	trans[3][774]	= settr(990,0,817,1,0,".(goto)", 0, 2, 0);
	trans[3][767]	= settr(983,0,768,427,0,"((faults<2))", 1, 2, 0);
	trans[3][768]	= settr(984,0,769,428,428,"faults = (faults+1)", 1, 2, 0);
	trans[3][769]	= settr(985,0,817,429,429,"out = 1", 0, 2, 0);
	trans[3][770]	= settr(986,0,771,430,0,"((faults<2))", 1, 2, 0);
	trans[3][771]	= settr(987,0,772,431,431,"faults = (faults+1)", 1, 2, 0);
	trans[3][772]	= settr(988,0,817,432,432,"out = 2", 0, 2, 0);
	T = trans[ 3][817] = settr(1033,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(1033,2,776,0,0,"ATOMIC", 1, 2, 0);
	trans[3][776]	= settr(992,2,814,433,433,"j = 0", 1, 2, 0);
	trans[3][815]	= settr(1031,2,814,1,0,".(goto)", 1, 2, 0);
	T = trans[3][814] = settr(1030,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(1030,2,777,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(1030,2,812,0,0,"DO", 1, 2, 0);
	trans[3][777]	= settr(993,2,809,434,0,"((j<2))", 1, 2, 0);
	T = trans[3][809] = settr(1025,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1025,2,778,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1025,2,807,0,0,"IF", 1, 2, 0);
	trans[3][778]	= settr(994,2,805,435,0,"(((rm&(1<<j))!=0))", 1, 2, 0);
	T = trans[3][805] = settr(1021,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1021,2,779,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1021,2,803,0,0,"IF", 1, 2, 0);
	trans[3][779]	= settr(995,2,788,436,0,"((out!=1))", 1, 2, 0);
	T = trans[ 3][788] = settr(1004,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1004,0,786,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][786] = settr(1002,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1002,2,780,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1002,2,784,0,0,"IF", 1, 2, 0);
	trans[3][780]	= settr(996,2,783,437,0,"((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==(2+o)))", 1, 2, 0);
	T = trans[ 3][783] = settr(999,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(999,0,781,0,0,"sub-sequence", 1, 2, 0);
	trans[3][781]	= settr(997,2,801,438,438,"assert(((!((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]>=2))||((store[( ((ver[o]==1)) ? ((2+j)) : (j) )]-2)==o))||(store[( ((ver[o]==1)) ? ((2+j)) : (j) )]==0)))", 1, 2, 0); /* m: 782 -> 0,801 */
	reached3[782] = 1;
	trans[3][782]	= settr(0,0,0,0,0,"store[( ((ver[o]==1)) ? ((2+j)) : (j) )] = 0",0,0,0);
	trans[3][787]	= settr(1003,2,801,1,0,".(goto)", 1, 2, 0);
	trans[3][784]	= settr(1000,2,785,2,0,"else", 1, 2, 0);
	trans[3][785]	= settr(1001,2,801,1,0,"(1)", 1, 2, 0);
	T = trans[3][801] = settr(1017,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1017,2,789,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1017,2,799,0,0,"IF", 1, 2, 0);
	trans[3][789]	= settr(1005,2,798,439,0,"((1&&0))", 1, 2, 0);
	T = trans[ 3][798] = settr(1014,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1014,0,796,0,0,"sub-sequence", 1, 2, 0);
	T = trans[3][796] = settr(1012,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(1012,2,790,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(1012,2,794,0,0,"IF", 1, 2, 0);
	trans[3][790]	= settr(1006,2,793,440,0,"((store[(2+j)]==(2+o)))", 1, 2, 0);
	T = trans[ 3][793] = settr(1009,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(1009,0,791,0,0,"sub-sequence", 1, 2, 0);
	trans[3][791]	= settr(1007,2,814,441,441,"assert(((!((store[(2+j)]>=2))||((store[(2+j)]-2)==o))||(store[(2+j)]==0)))", 1, 2, 0); /* m: 792 -> 0,814 */
	reached3[792] = 1;
	trans[3][792]	= settr(0,0,0,0,0,"store[(2+j)] = 0",0,0,0);
	trans[3][797]	= settr(1013,2,811,1,0,".(goto)", 1, 2, 0); /* m: 811 -> 0,814 */
	reached3[811] = 1;
	trans[3][794]	= settr(1010,2,795,2,0,"else", 1, 2, 0);
	trans[3][795]	= settr(1011,2,814,442,442,"(1)", 1, 2, 0); /* m: 811 -> 814,0 */
	reached3[811] = 1;
	trans[3][802]	= settr(1018,2,811,1,0,".(goto)", 1, 2, 0); /* m: 811 -> 0,814 */
	reached3[811] = 1;
	trans[3][799]	= settr(1015,2,800,2,0,"else", 1, 2, 0);
	trans[3][800]	= settr(1016,2,814,443,443,"(1)", 1, 2, 0); /* m: 811 -> 814,0 */
	reached3[811] = 1;
	trans[3][806]	= settr(1022,2,811,1,0,".(goto)", 1, 2, 0); /* m: 811 -> 0,814 */
	reached3[811] = 1;
	trans[3][803]	= settr(1019,2,804,2,0,"else", 1, 2, 0);
	trans[3][804]	= settr(1020,2,814,444,444,"mayleave[o] = 1", 1, 2, 0); /* m: 811 -> 0,814 */
	reached3[811] = 1;
	trans[3][810]	= settr(1026,2,811,1,0,".(goto)", 1, 2, 0); /* m: 811 -> 0,814 */
	reached3[811] = 1;
	trans[3][807]	= settr(1023,2,808,2,0,"else", 1, 2, 0);
	trans[3][808]	= settr(1024,2,814,445,445,"(1)", 1, 2, 0); /* m: 811 -> 814,0 */
	reached3[811] = 1;
	trans[3][811]	= settr(1027,2,814,446,446,"j = (j+1)", 1, 2, 0);
	trans[3][812]	= settr(1028,2,813,2,0,"else", 1, 2, 0);
	trans[3][813]	= settr(1029,2,816,1,0,"goto :b20", 1, 2, 0);
	trans[3][816]	= settr(1032,0,824,1,0,"break", 1, 2, 0);
	trans[3][822]	= settr(1038,0,824,1,0,".(goto)", 0, 2, 0); /* m: 824 -> 0,829 */
	reached3[824] = 1;
	trans[3][819]	= settr(1035,0,820,2,0,"else", 0, 2, 0);
	trans[3][820]	= settr(1036,0,829,447,447,"(1)", 0, 2, 0); /* m: 824 -> 829,0 */
	reached3[824] = 1;
	trans[3][824]	= settr(1040,0,829,448,448,"f = from", 0, 2, 0);
	trans[3][830]	= settr(1046,0,829,1,0,".(goto)", 0, 2, 0);
	T = trans[3][829] = settr(1045,0,0,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(1045,0,825,0,0,"DO", 0, 2, 0);
	    T->nxt	= settr(1045,0,827,0,0,"DO", 0, 2, 0);
	trans[3][825]	= settr(1041,0,826,449,0,"(((f<2)&&(rn[((o*2)+f)]!=3)))", 1, 2, 0);
	trans[3][826]	= settr(1042,0,829,450,450,"f = (f+1)", 0, 2, 0);
	trans[3][827]	= settr(1043,0,832,2,0,"else", 0, 2, 0);
	trans[3][828]	= settr(1044,0,832,1,0,"goto :b21", 0, 2, 0);
	trans[3][831]	= settr(1047,0,832,1,0,"break", 0, 2, 0);
	trans[3][832]	= settr(1048,0,833,451,451,"answer[o] = ( ((f==2)) -> (1) : ((3+f)) )", 1, 2, 0);
	trans[3][833]	= settr(1049,0,834,452,452,"over[o] = 1", 1, 2, 0);
	trans[3][834]	= settr(1050,0,835,453,453,"alive = (alive-1)", 1, 2, 0);
	trans[3][835]	= settr(1051,0,0,454,454,"-end-", 0, 3500, 0);

	/* proctype 2: late */

	trans[2] = (Trans **) emalloc(61*sizeof(Trans *));

	T = trans[ 2][31] = settr(187,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(187,2,1,0,0,"ATOMIC", 1, 2, 0);
	trans[2][1]	= settr(157,2,28,455,455,"mine = 0", 1, 2, 0); /* m: 2 -> 0,28 */
	reached2[2] = 1;
	trans[2][2]	= settr(0,0,0,0,0,"k = 0",0,0,0);
	trans[2][29]	= settr(185,2,28,1,0,".(goto)", 1, 2, 0);
	T = trans[2][28] = settr(184,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(184,2,3,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(184,2,26,0,0,"DO", 1, 2, 0);
	trans[2][3]	= settr(159,2,23,456,0,"((k<(2*2)))", 1, 2, 0);
	T = trans[2][23] = settr(179,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(179,2,4,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(179,2,21,0,0,"IF", 1, 2, 0);
	trans[2][4]	= settr(160,2,14,457,0,"(((mask&(1<<k))!=0))", 1, 2, 0);
	T = trans[ 2][14] = settr(170,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(170,0,12,0,0,"sub-sequence", 1, 2, 0);
	T = trans[2][12] = settr(168,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(168,2,5,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(168,2,8,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(168,2,10,0,0,"IF", 1, 2, 0);
	trans[2][5]	= settr(161,2,19,458,458,"((store[k]==0))", 1, 2, 0); /* m: 6 -> 19,0 */
	reached2[6] = 1;
	trans[2][6]	= settr(0,0,0,0,0,"store[k] = (2+o)",0,0,0);
	trans[2][7]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[2][13]	= settr(169,2,19,1,0,".(goto)", 1, 2, 0);
	trans[2][8]	= settr(164,2,19,459,459,"((store[k]==1))", 1, 2, 0); /* m: 9 -> 19,0 */
	reached2[9] = 1;
	trans[2][9]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[2][10]	= settr(166,2,19,460,460,"((store[k]>=2))", 1, 2, 0); /* m: 11 -> 19,0 */
	reached2[11] = 1;
	trans[2][11]	= settr(0,0,0,0,0,"res = 2",0,0,0);
	T = trans[2][19] = settr(175,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(175,2,15,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(175,2,17,0,0,"IF", 1, 2, 0);
	trans[2][15]	= settr(171,2,28,461,461,"((res==0))", 1, 2, 0); /* m: 16 -> 28,0 */
	reached2[16] = 1;
	trans[2][16]	= settr(0,0,0,0,0,"mine = (mine|(1<<k))",0,0,0);
	trans[2][20]	= settr(176,2,25,1,0,".(goto)", 1, 2, 0); /* m: 25 -> 0,28 */
	reached2[25] = 1;
	trans[2][17]	= settr(173,2,18,2,0,"else", 1, 2, 0);
	trans[2][18]	= settr(174,2,28,462,462,"(1)", 1, 2, 0); /* m: 25 -> 28,0 */
	reached2[25] = 1;
	trans[2][24]	= settr(180,2,25,1,0,".(goto)", 1, 2, 0); /* m: 25 -> 0,28 */
	reached2[25] = 1;
	trans[2][21]	= settr(177,2,22,2,0,"else", 1, 2, 0);
	trans[2][22]	= settr(178,2,28,463,463,"(1)", 1, 2, 0); /* m: 25 -> 28,0 */
	reached2[25] = 1;
	trans[2][25]	= settr(181,2,28,464,464,"k = (k+1)", 1, 2, 0);
	trans[2][26]	= settr(182,2,27,2,0,"else", 1, 2, 0);
	trans[2][27]	= settr(183,2,30,1,0,"goto :b4", 1, 2, 0);
	trans[2][30]	= settr(186,0,57,1,0,"break", 1, 2, 0);
	T = trans[2][57] = settr(213,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(213,0,32,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(213,0,56,0,0,"IF", 0, 2, 0);
	trans[2][32]	= settr(188,0,55,465,0,"(!(crashed[o]))", 1, 2, 0);
	T = trans[ 2][55] = settr(211,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(211,2,33,0,0,"ATOMIC", 1, 2, 0);
	trans[2][33]	= settr(189,2,52,466,466,"k = 0", 1, 2, 0);
	trans[2][53]	= settr(209,2,52,1,0,".(goto)", 1, 2, 0);
	T = trans[2][52] = settr(208,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(208,2,34,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(208,2,50,0,0,"DO", 1, 2, 0);
	trans[2][34]	= settr(190,2,47,467,0,"((k<(2*2)))", 1, 2, 0);
	T = trans[2][47] = settr(203,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(203,2,35,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(203,2,45,0,0,"IF", 1, 2, 0);
	trans[2][35]	= settr(191,2,44,468,0,"(((mine&(1<<k))!=0))", 1, 2, 0);
	T = trans[ 2][44] = settr(200,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(200,0,42,0,0,"sub-sequence", 1, 2, 0);
	T = trans[2][42] = settr(198,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(198,2,36,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(198,2,40,0,0,"IF", 1, 2, 0);
	trans[2][36]	= settr(192,2,39,469,0,"((store[k]==(2+o)))", 1, 2, 0);
	T = trans[ 2][39] = settr(195,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(195,0,37,0,0,"sub-sequence", 1, 2, 0);
	trans[2][37]	= settr(193,2,52,470,470,"assert(((!((store[k]>=2))||((store[k]-2)==o))||(store[k]==0)))", 1, 2, 0); /* m: 38 -> 0,52 */
	reached2[38] = 1;
	trans[2][38]	= settr(0,0,0,0,0,"store[k] = 0",0,0,0);
	trans[2][43]	= settr(199,2,49,1,0,".(goto)", 1, 2, 0); /* m: 49 -> 0,52 */
	reached2[49] = 1;
	trans[2][40]	= settr(196,2,41,2,0,"else", 1, 2, 0);
	trans[2][41]	= settr(197,2,52,471,471,"(1)", 1, 2, 0); /* m: 49 -> 52,0 */
	reached2[49] = 1;
	trans[2][48]	= settr(204,2,49,1,0,".(goto)", 1, 2, 0); /* m: 49 -> 0,52 */
	reached2[49] = 1;
	trans[2][45]	= settr(201,2,46,2,0,"else", 1, 2, 0);
	trans[2][46]	= settr(202,2,52,472,472,"(1)", 1, 2, 0); /* m: 49 -> 52,0 */
	reached2[49] = 1;
	trans[2][49]	= settr(205,2,52,473,473,"k = (k+1)", 1, 2, 0);
	trans[2][50]	= settr(206,2,51,2,0,"else", 1, 2, 0);
	trans[2][51]	= settr(207,2,54,1,0,"goto :b5", 1, 2, 0);
	trans[2][54]	= settr(210,0,59,1,0,"break", 1, 2, 0);
	trans[2][58]	= settr(214,0,59,1,0,".(goto)", 0, 2, 0);
	trans[2][56]	= settr(212,0,59,474,474,"mayleave[o] = 1", 1, 2, 0);
	trans[2][59]	= settr(215,0,60,475,475,"alive = (alive-1)", 1, 2, 0);
	trans[2][60]	= settr(216,0,0,476,476,"-end-", 0, 3500, 0);

	/* proctype 1: renewer */

	trans[1] = (Trans **) emalloc(70*sizeof(Trans *));

	trans[1][66]	= settr(153,0,65,1,0,".(goto)", 0, 2, 0);
	T = trans[1][65] = settr(152,0,0,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(152,0,1,0,0,"DO", 0, 2, 0);
	    T->nxt	= settr(152,0,3,0,0,"DO", 0, 2, 0);
	trans[1][1]	= settr(88,0,68,477,477,"((over[o]||crashed[o]))", 1, 2, 0);
	trans[1][2]	= settr(89,0,68,1,0,"goto :b2", 0, 2, 0);
	trans[1][3]	= settr(90,0,13,478,0,"((!(over[o])&&!(crashed[o])))", 1, 2, 0);
	T = trans[ 1][13] = settr(100,0,0,0,0,"sub-sequence", 0, 2, 0);
	T->nxt	= settr(100,0,11,0,0,"sub-sequence", 0, 2, 0);
	T = trans[1][11] = settr(98,0,0,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(98,0,4,0,0,"IF", 0, 2, 0);
	T = T->nxt	= settr(98,0,5,0,0,"IF", 0, 2, 0);
	    T->nxt	= settr(98,0,8,0,0,"IF", 0, 2, 0);
	trans[1][4]	= settr(91,0,64,479,479,"out = 0", 0, 2, 0);
	trans[1][12]	= settr(99,0,64,1,0,".(goto)", 0, 2, 0);
	trans[1][5]	= settr(92,0,6,480,0,"((faults<2))", 1, 2, 0);
	trans[1][6]	= settr(93,0,7,481,481,"faults = (faults+1)", 1, 2, 0);
	trans[1][7]	= settr(94,0,64,482,482,"out = 1", 0, 2, 0);
	trans[1][8]	= settr(95,0,9,483,0,"((faults<2))", 1, 2, 0);
	trans[1][9]	= settr(96,0,10,484,484,"faults = (faults+1)", 1, 2, 0);
	trans[1][10]	= settr(97,0,64,485,485,"out = 2", 0, 2, 0);
	T = trans[ 1][64] = settr(151,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(151,2,62,0,0,"ATOMIC", 1, 2, 0);
	T = trans[1][62] = settr(149,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(149,2,14,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(149,2,60,0,0,"IF", 1, 2, 0);
	trans[1][14]	= settr(101,2,56,486,486,"((out==0))", 1, 2, 0); /* m: 15 -> 56,0 */
	reached1[15] = 1;
	trans[1][15]	= settr(0,0,0,0,0,"r = 0",0,0,0);
	trans[1][57]	= settr(144,2,56,1,0,".(goto)", 1, 2, 0);
	T = trans[1][56] = settr(143,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(143,2,16,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(143,2,54,0,0,"DO", 1, 2, 0);
	trans[1][16]	= settr(103,2,51,487,0,"((r<2))", 1, 2, 0);
	T = trans[1][51] = settr(138,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(138,2,17,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(138,2,49,0,0,"IF", 1, 2, 0);
	trans[1][17]	= settr(104,2,41,488,0,"(((cl[((o*2)+r)]==1)||(cl[((o*2)+r)]==7)))", 1, 2, 0);
	T = trans[ 1][41] = settr(128,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(128,0,26,0,0,"sub-sequence", 1, 2, 0);
	T = trans[ 1][26] = settr(113,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(113,0,24,0,0,"sub-sequence", 1, 2, 0);
	T = trans[1][24] = settr(111,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(111,2,18,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(111,2,20,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(111,2,22,0,0,"IF", 1, 2, 0);
	trans[1][18]	= settr(105,2,39,489,489,"((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==(2+o)))", 1, 2, 0); /* m: 19 -> 39,0 */
	reached1[19] = 1;
	trans[1][19]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[1][25]	= settr(112,2,39,1,0,".(goto)", 1, 2, 0);
	trans[1][20]	= settr(107,2,39,490,490,"((store[( ((ver[o]==1)) ? ((2+r)) : (r) )]==1))", 1, 2, 0); /* m: 21 -> 39,0 */
	reached1[21] = 1;
	trans[1][21]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[1][22]	= settr(109,2,23,2,0,"else", 1, 2, 0);
	trans[1][23]	= settr(110,2,39,491,491,"res = 2", 1, 2, 0);
	T = trans[1][39] = settr(126,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(126,2,27,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(126,2,37,0,0,"IF", 1, 2, 0);
	trans[1][27]	= settr(114,2,36,492,492,"((0&&(res==0)))", 1, 2, 0);
	T = trans[ 1][36] = settr(123,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(123,0,34,0,0,"sub-sequence", 1, 2, 0);
	T = trans[1][34] = settr(121,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(121,2,28,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(121,2,30,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(121,2,32,0,0,"IF", 1, 2, 0);
	trans[1][28]	= settr(115,2,48,493,493,"((store[(2+r)]==(2+o)))", 1, 2, 0); /* m: 29 -> 48,0 */
	reached1[29] = 1;
	trans[1][29]	= settr(0,0,0,0,0,"res = 0",0,0,0);
	trans[1][35]	= settr(122,2,48,1,0,".(goto)", 1, 2, 0);
	trans[1][30]	= settr(117,2,48,494,494,"((store[(2+r)]==1))", 1, 2, 0); /* m: 31 -> 48,0 */
	reached1[31] = 1;
	trans[1][31]	= settr(0,0,0,0,0,"res = 1",0,0,0);
	trans[1][32]	= settr(119,2,33,2,0,"else", 1, 2, 0);
	trans[1][33]	= settr(120,2,48,495,495,"res = 2", 1, 2, 0);
	trans[1][40]	= settr(127,2,48,1,0,".(goto)", 1, 2, 0);
	trans[1][37]	= settr(124,2,38,2,0,"else", 1, 2, 0);
	trans[1][38]	= settr(125,2,48,1,0,"(1)", 1, 2, 0);
	T = trans[ 1][48] = settr(135,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(135,0,46,0,0,"sub-sequence", 1, 2, 0);
	T = trans[1][46] = settr(133,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(133,2,42,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(133,2,44,0,0,"IF", 1, 2, 0);
	trans[1][42]	= settr(129,2,56,496,496,"((((res!=0)&&(cl[((o*2)+r)]==1))&&(rn[((o*2)+r)]==0)))", 1, 2, 0); /* m: 43 -> 56,0 */
	reached1[43] = 1;
	trans[1][43]	= settr(0,0,0,0,0,"cl[((o*2)+r)] = ( ((res==1)) -> (3) : (6) )",0,0,0);
	trans[1][47]	= settr(134,2,53,1,0,".(goto)", 1, 2, 0); /* m: 53 -> 0,56 */
	reached1[53] = 1;
	trans[1][44]	= settr(131,2,45,2,0,"else", 1, 2, 0);
	trans[1][45]	= settr(132,2,56,497,497,"(1)", 1, 2, 0); /* m: 53 -> 56,0 */
	reached1[53] = 1;
	trans[1][52]	= settr(139,2,53,1,0,".(goto)", 1, 2, 0); /* m: 53 -> 0,56 */
	reached1[53] = 1;
	trans[1][49]	= settr(136,2,50,2,0,"else", 1, 2, 0);
	trans[1][50]	= settr(137,2,56,498,498,"(1)", 1, 2, 0); /* m: 53 -> 56,0 */
	reached1[53] = 1;
	trans[1][53]	= settr(140,2,56,499,499,"r = (r+1)", 1, 2, 0);
	trans[1][54]	= settr(141,2,59,2,0,"else", 1, 2, 0);
	trans[1][55]	= settr(142,2,59,1,0,"goto :b3", 1, 2, 0); /* m: 59 -> 0,65 */
	reached1[59] = 1;
	trans[1][58]	= settr(145,2,59,1,0,"break", 1, 2, 0);
	trans[1][59]	= settr(146,0,65,500,500,"stale[o] = 0", 1, 2, 0); /* m: 63 -> 0,65 */
	reached1[63] = 1;
	trans[1][63]	= settr(150,0,65,501,501,".(goto)", 1, 2, 0);
	trans[1][60]	= settr(147,2,61,2,0,"else", 1, 2, 0);
	trans[1][61]	= settr(148,0,65,502,502,"stale[o] = 1", 1, 2, 0); /* m: 63 -> 0,65 */
	reached1[63] = 1;
	trans[1][67]	= settr(154,0,68,1,0,"break", 0, 2, 0);
	trans[1][68]	= settr(155,0,69,503,503,"alive = (alive-1)", 1, 2, 0);
	trans[1][69]	= settr(156,0,0,504,504,"-end-", 0, 3500, 0);

	/* proctype 0: clock */

	trans[0] = (Trans **) emalloc(89*sizeof(Trans *));

	trans[0][86]	= settr(85,0,85,1,0,".(goto)", 0, 2, 0);
	T = trans[0][85] = settr(84,0,0,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(84,0,18,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(84,0,36,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(84,0,54,0,0,"DO", 0, 2, 0);
	T = T->nxt	= settr(84,0,72,0,0,"DO", 0, 2, 0);
	    T->nxt	= settr(84,0,84,0,0,"DO", 0, 2, 0);
	T = trans[ 0][18] = settr(17,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(17,2,1,0,0,"ATOMIC", 1, 2, 0);
	trans[0][1]	= settr(0,2,17,505,0,"(((store[0]>=2)&&((crashed[(store[0]-2)]||stale[(store[0]-2)])||!((((cl[(((store[0]-2)*2)+( ((0>=2)) ? ((0-2)) : (0) ))]==1)||(cl[(((store[0]-2)*2)+( ((0>=2)) ? ((0-2)) : (0) ))]==7))&&!(over[(store[0]-2)]))))))", 1, 2, 0);
	T = trans[ 0][17] = settr(16,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(16,0,2,0,0,"sub-sequence", 1, 2, 0);
	trans[0][2]	= settr(1,2,14,506,506,"lo = (store[0]-2)", 1, 2, 0); /* m: 3 -> 0,14 */
	reached0[3] = 1;
	trans[0][3]	= settr(0,0,0,0,0,"lr = ( ((0>=2)) -> ((0-2)) : (0) )",0,0,0);
	trans[0][4]	= settr(0,0,0,0,0,"li = ((lo*2)+lr)",0,0,0);
	T = trans[0][14] = settr(13,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(13,2,5,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(13,2,12,0,0,"IF", 1, 2, 0);
	trans[0][5]	= settr(4,2,10,507,507,"(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))", 1, 2, 0);
	T = trans[0][10] = settr(9,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(9,2,6,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(9,2,8,0,0,"IF", 1, 2, 0);
	trans[0][6]	= settr(5,0,85,508,508,"(crashed[lo])", 1, 2, 0); /* m: 7 -> 85,0 */
	reached0[7] = 1;
	trans[0][7]	= settr(0,0,0,0,0,"gCrash[lr] = 1",0,0,0);
	trans[0][11]	= settr(10,2,15,1,0,".(goto)", 1, 2, 0); /* m: 15 -> 0,85 */
	reached0[15] = 1;
	trans[0][8]	= settr(7,2,9,2,0,"else", 1, 2, 0);
	trans[0][9]	= settr(8,0,85,509,509,"gOutlived[lr] = 1", 1, 2, 0); /* m: 15 -> 0,85 */
	reached0[15] = 1;
	trans[0][15]	= settr(14,0,85,510,510,".(goto)", 1, 2, 0); /* m: 16 -> 0,85 */
	reached0[16] = 1;
	trans[0][12]	= settr(11,2,13,2,0,"else", 1, 2, 0);
	trans[0][13]	= settr(12,0,85,511,511,"(1)", 1, 2, 0); /* m: 15 -> 85,0 */
	reached0[15] = 1;
	trans[0][16]	= settr(0,0,0,0,0,"store[0] = 0",0,0,0);
	T = trans[ 0][36] = settr(35,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(35,2,19,0,0,"ATOMIC", 1, 2, 0);
	trans[0][19]	= settr(18,2,35,512,0,"(((store[1]>=2)&&((crashed[(store[1]-2)]||stale[(store[1]-2)])||!((((cl[(((store[1]-2)*2)+( ((1>=2)) ? ((1-2)) : (1) ))]==1)||(cl[(((store[1]-2)*2)+( ((1>=2)) ? ((1-2)) : (1) ))]==7))&&!(over[(store[1]-2)]))))))", 1, 2, 0);
	T = trans[ 0][35] = settr(34,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(34,0,20,0,0,"sub-sequence", 1, 2, 0);
	trans[0][20]	= settr(19,2,32,513,513,"lo = (store[1]-2)", 1, 2, 0); /* m: 21 -> 0,32 */
	reached0[21] = 1;
	trans[0][21]	= settr(0,0,0,0,0,"lr = ( ((1>=2)) -> ((1-2)) : (1) )",0,0,0);
	trans[0][22]	= settr(0,0,0,0,0,"li = ((lo*2)+lr)",0,0,0);
	T = trans[0][32] = settr(31,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(31,2,23,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(31,2,30,0,0,"IF", 1, 2, 0);
	trans[0][23]	= settr(22,2,28,514,514,"(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))", 1, 2, 0);
	T = trans[0][28] = settr(27,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(27,2,24,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(27,2,26,0,0,"IF", 1, 2, 0);
	trans[0][24]	= settr(23,0,85,515,515,"(crashed[lo])", 1, 2, 0); /* m: 25 -> 85,0 */
	reached0[25] = 1;
	trans[0][25]	= settr(0,0,0,0,0,"gCrash[lr] = 1",0,0,0);
	trans[0][29]	= settr(28,2,33,1,0,".(goto)", 1, 2, 0); /* m: 33 -> 0,85 */
	reached0[33] = 1;
	trans[0][26]	= settr(25,2,27,2,0,"else", 1, 2, 0);
	trans[0][27]	= settr(26,0,85,516,516,"gOutlived[lr] = 1", 1, 2, 0); /* m: 33 -> 0,85 */
	reached0[33] = 1;
	trans[0][33]	= settr(32,0,85,517,517,".(goto)", 1, 2, 0); /* m: 34 -> 0,85 */
	reached0[34] = 1;
	trans[0][30]	= settr(29,2,31,2,0,"else", 1, 2, 0);
	trans[0][31]	= settr(30,0,85,518,518,"(1)", 1, 2, 0); /* m: 33 -> 85,0 */
	reached0[33] = 1;
	trans[0][34]	= settr(0,0,0,0,0,"store[1] = 0",0,0,0);
	T = trans[ 0][54] = settr(53,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(53,2,37,0,0,"ATOMIC", 1, 2, 0);
	trans[0][37]	= settr(36,2,53,519,0,"(((store[2]>=2)&&((crashed[(store[2]-2)]||stale[(store[2]-2)])||!((((cl[(((store[2]-2)*2)+( ((2>=2)) ? ((2-2)) : (2) ))]==1)||(cl[(((store[2]-2)*2)+( ((2>=2)) ? ((2-2)) : (2) ))]==7))&&!(over[(store[2]-2)]))))))", 1, 2, 0);
	T = trans[ 0][53] = settr(52,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(52,0,38,0,0,"sub-sequence", 1, 2, 0);
	trans[0][38]	= settr(37,2,50,520,520,"lo = (store[2]-2)", 1, 2, 0); /* m: 39 -> 0,50 */
	reached0[39] = 1;
	trans[0][39]	= settr(0,0,0,0,0,"lr = ( ((2>=2)) -> ((2-2)) : (2) )",0,0,0);
	trans[0][40]	= settr(0,0,0,0,0,"li = ((lo*2)+lr)",0,0,0);
	T = trans[0][50] = settr(49,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(49,2,41,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(49,2,48,0,0,"IF", 1, 2, 0);
	trans[0][41]	= settr(40,2,46,521,521,"(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))", 1, 2, 0);
	T = trans[0][46] = settr(45,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(45,2,42,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(45,2,44,0,0,"IF", 1, 2, 0);
	trans[0][42]	= settr(41,0,85,522,522,"(crashed[lo])", 1, 2, 0); /* m: 43 -> 85,0 */
	reached0[43] = 1;
	trans[0][43]	= settr(0,0,0,0,0,"gCrash[lr] = 1",0,0,0);
	trans[0][47]	= settr(46,2,51,1,0,".(goto)", 1, 2, 0); /* m: 51 -> 0,85 */
	reached0[51] = 1;
	trans[0][44]	= settr(43,2,45,2,0,"else", 1, 2, 0);
	trans[0][45]	= settr(44,0,85,523,523,"gOutlived[lr] = 1", 1, 2, 0); /* m: 51 -> 0,85 */
	reached0[51] = 1;
	trans[0][51]	= settr(50,0,85,524,524,".(goto)", 1, 2, 0); /* m: 52 -> 0,85 */
	reached0[52] = 1;
	trans[0][48]	= settr(47,2,49,2,0,"else", 1, 2, 0);
	trans[0][49]	= settr(48,0,85,525,525,"(1)", 1, 2, 0); /* m: 51 -> 85,0 */
	reached0[51] = 1;
	trans[0][52]	= settr(0,0,0,0,0,"store[2] = 0",0,0,0);
	T = trans[ 0][72] = settr(71,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(71,2,55,0,0,"ATOMIC", 1, 2, 0);
	trans[0][55]	= settr(54,2,71,526,0,"(((store[3]>=2)&&((crashed[(store[3]-2)]||stale[(store[3]-2)])||!((((cl[(((store[3]-2)*2)+( ((3>=2)) ? ((3-2)) : (3) ))]==1)||(cl[(((store[3]-2)*2)+( ((3>=2)) ? ((3-2)) : (3) ))]==7))&&!(over[(store[3]-2)]))))))", 1, 2, 0);
	T = trans[ 0][71] = settr(70,0,0,0,0,"sub-sequence", 1, 2, 0);
	T->nxt	= settr(70,0,56,0,0,"sub-sequence", 1, 2, 0);
	trans[0][56]	= settr(55,2,68,527,527,"lo = (store[3]-2)", 1, 2, 0); /* m: 57 -> 0,68 */
	reached0[57] = 1;
	trans[0][57]	= settr(0,0,0,0,0,"lr = ( ((3>=2)) -> ((3-2)) : (3) )",0,0,0);
	trans[0][58]	= settr(0,0,0,0,0,"li = ((lo*2)+lr)",0,0,0);
	T = trans[0][68] = settr(67,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(67,2,59,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(67,2,66,0,0,"IF", 1, 2, 0);
	trans[0][59]	= settr(58,2,64,528,528,"(((rn[li]==1)||((rn[li]==2)&&(cl[li]!=8))))", 1, 2, 0);
	T = trans[0][64] = settr(63,2,0,0,0,"IF", 1, 2, 0);
	T = T->nxt	= settr(63,2,60,0,0,"IF", 1, 2, 0);
	    T->nxt	= settr(63,2,62,0,0,"IF", 1, 2, 0);
	trans[0][60]	= settr(59,0,85,529,529,"(crashed[lo])", 1, 2, 0); /* m: 61 -> 85,0 */
	reached0[61] = 1;
	trans[0][61]	= settr(0,0,0,0,0,"gCrash[lr] = 1",0,0,0);
	trans[0][65]	= settr(64,2,69,1,0,".(goto)", 1, 2, 0); /* m: 69 -> 0,85 */
	reached0[69] = 1;
	trans[0][62]	= settr(61,2,63,2,0,"else", 1, 2, 0);
	trans[0][63]	= settr(62,0,85,530,530,"gOutlived[lr] = 1", 1, 2, 0); /* m: 69 -> 0,85 */
	reached0[69] = 1;
	trans[0][69]	= settr(68,0,85,531,531,".(goto)", 1, 2, 0); /* m: 70 -> 0,85 */
	reached0[70] = 1;
	trans[0][66]	= settr(65,2,67,2,0,"else", 1, 2, 0);
	trans[0][67]	= settr(66,0,85,532,532,"(1)", 1, 2, 0); /* m: 69 -> 85,0 */
	reached0[69] = 1;
	trans[0][70]	= settr(0,0,0,0,0,"store[3] = 0",0,0,0);
	T = trans[ 0][84] = settr(83,2,0,0,0,"ATOMIC", 1, 2, 0);
	T->nxt	= settr(83,2,73,0,0,"ATOMIC", 1, 2, 0);
	trans[0][73]	= settr(72,2,80,533,533,"((esmDone&&(alive==0)))", 1, 2, 0); /* m: 74 -> 80,0 */
	reached0[74] = 1;
	trans[0][74]	= settr(0,0,0,0,0,"k = 0",0,0,0);
	trans[0][81]	= settr(80,2,80,1,0,".(goto)", 1, 2, 0);
	T = trans[0][80] = settr(79,2,0,0,0,"DO", 1, 2, 0);
	T = T->nxt	= settr(79,2,75,0,0,"DO", 1, 2, 0);
	    T->nxt	= settr(79,2,78,0,0,"DO", 1, 2, 0);
	trans[0][75]	= settr(74,2,80,534,534,"((k<(2*2)))", 1, 2, 0); /* m: 76 -> 80,0 */
	reached0[76] = 1;
	trans[0][76]	= settr(0,0,0,0,0,"assert(((!((store[k]>=2))||crashed[(store[k]-2)])||mayleave[(store[k]-2)]))",0,0,0);
	trans[0][77]	= settr(0,0,0,0,0,"k = (k+1)",0,0,0);
	trans[0][78]	= settr(77,2,82,2,0,"else", 1, 2, 0);
	trans[0][79]	= settr(78,2,82,1,0,"goto :b1", 1, 2, 0);
	trans[0][82]	= settr(81,2,83,1,0,"break", 1, 2, 0);
	trans[0][83]	= settr(82,0,88,1,0,"goto :b0", 1, 2, 0);
	trans[0][87]	= settr(86,0,88,1,0,"break", 0, 2, 0);
	trans[0][88]	= settr(87,0,0,535,535,"-end-", 0, 3500, 0);
	/* np_ demon: */
	trans[_NP_] = (Trans **) emalloc(3*sizeof(Trans *));
	T = trans[_NP_][0] = settr(9997,0,1,_T5,0,"(np_)", 1,2,0);
	    T->nxt	  = settr(9998,0,0,_T2,0,"(1)",   0,2,0);
	T = trans[_NP_][1] = settr(9999,0,1,_T5,0,"(np_)", 1,2,0);
}

Trans *
settr(	int t_id, int a, int b, int c, int d,
	char *t, int g, int tpe0, int tpe1)
{	Trans *tmp = (Trans *) emalloc(sizeof(Trans));

	tmp->atom  = a&(6|32);	/* only (2|8|32) have meaning */
	if (!g) tmp->atom |= 8;	/* no global references */
	tmp->st    = b;
	tmp->tpe[0] = tpe0;
	tmp->tpe[1] = tpe1;
	tmp->tp    = t;
	tmp->t_id  = t_id;
	tmp->forw  = c;
	tmp->back  = d;
	return tmp;
}

Trans *
cpytr(Trans *a)
{	Trans *tmp = (Trans *) emalloc(sizeof(Trans));

	int i;
	tmp->atom  = a->atom;
	tmp->st    = a->st;
#ifdef HAS_UNLESS
	tmp->e_trans = a->e_trans;
	for (i = 0; i < HAS_UNLESS; i++)
		tmp->escp[i] = a->escp[i];
#endif
	tmp->tpe[0] = a->tpe[0];
	tmp->tpe[1] = a->tpe[1];
	for (i = 0; i < 6; i++)
	{	tmp->qu[i] = a->qu[i];
		tmp->ty[i] = a->ty[i];
	}
	tmp->tp    = (char *) emalloc(strlen(a->tp)+1);
	strcpy(tmp->tp, a->tp);
	tmp->t_id  = a->t_id;
	tmp->forw  = a->forw;
	tmp->back  = a->back;
	return tmp;
}

#ifndef NOREDUCE
int
srinc_set(int n)
{	if (n <= 2) return LOCAL;
	if (n <= 2+  DELTA) return Q_FULL_F; /* 's' or nfull  */
	if (n <= 2+2*DELTA) return Q_EMPT_F; /* 'r' or nempty */
	if (n <= 2+3*DELTA) return Q_EMPT_T; /* empty */
	if (n <= 2+4*DELTA) return Q_FULL_T; /* full  */
	if (n ==   5*DELTA) return GLOBAL;
	if (n ==   6*DELTA) return TIMEOUT_F;
	if (n ==   7*DELTA) return ALPHA_F;
	Uerror("cannot happen srinc_class");
	return BAD;
}
int
srunc(int n, int m)
{	switch(m) {
	case Q_FULL_F: return n-2;
	case Q_EMPT_F: return n-2-DELTA;
	case Q_EMPT_T: return n-2-2*DELTA;
	case Q_FULL_T: return n-2-3*DELTA;
	case ALPHA_F:
	case TIMEOUT_F: return 257; /* non-zero, and > MAXQ */
	}
	Uerror("cannot happen srunc");
	return 0;
}
#endif
int cnt;
#ifdef HAS_UNLESS
int
isthere(Trans *a, int b)
{	Trans *t;
	for (t = a; t; t = t->nxt)
		if (t->t_id == b)
			return 1;
	return 0;
}
#endif
#ifndef NOREDUCE
int
mark_safety(Trans *t) /* for conditional safety */
{	int g = 0, i, j, k;

	if (!t) return 0;
	if (t->qu[0])
		return (t->qu[1])?2:1;	/* marked */

	for (i = 0; i < 2; i++)
	{	j = srinc_set(t->tpe[i]);
		if (j >= GLOBAL && j != ALPHA_F)
			return -1;
		if (j != LOCAL)
		{	k = srunc(t->tpe[i], j);
			if (g == 0
			||  t->qu[0] != k
			||  t->ty[0] != j)
			{	t->qu[g] = k;
				t->ty[g] = j;
				g++;
	}	}	}
	return g;
}
#endif
void
retrans(int n, int m, int is, short srcln[], uchar reach[], uchar lpstate[])
	/* process n, with m states, is=initial state */
{	Trans *T0, *T1, *T2, *T3;
	Trans *T4, *T5; /* t_reverse or has_unless */
	int i;
#if defined(HAS_UNLESS) || !defined(NOREDUCE)
	int k;
#endif
#ifndef NOREDUCE
	int g, h, j, aa;
#endif
#ifdef HAS_UNLESS
	int p;
#endif
	if (state_tables >= 4)
	{	printf("STEP 1 %s\n", 
			procname[n]);
		for (i = 1; i < m; i++)
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
			crack(n, i, T0, srcln);
		return;
	}
	do {
		for (i = 1, cnt = 0; i < m; i++)
		{	T2 = trans[n][i];
			T1 = T2?T2->nxt:(Trans *)0;
/* prescan: */		for (T0 = T1; T0; T0 = T0->nxt)
/* choice in choice */	{	if (T0->st && trans[n][T0->st]
				&&  trans[n][T0->st]->nxt)
					break;
			}
#if 0
		if (T0)
		printf("\tstate %d / %d: choice in choice\n",
		i, T0->st);
#endif
			if (T0)
			for (T0 = T1; T0; T0 = T0->nxt)
			{	T3 = trans[n][T0->st];
				if (!T3->nxt)
				{	T2->nxt = cpytr(T0);
					T2 = T2->nxt;
					imed(T2, T0->st, n, i);
					continue;
				}
				do {	T3 = T3->nxt;
					T2->nxt = cpytr(T3);
					T2 = T2->nxt;
					imed(T2, T0->st, n, i);
				} while (T3->nxt);
				cnt++;
			}
		}
	} while (cnt);
	if (state_tables >= 3)
	{	printf("STEP 2 %s\n", 
			procname[n]);
		for (i = 1; i < m; i++)
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
			crack(n, i, T0, srcln);
		return;
	}
	for (i = 1; i < m; i++)
	{	if (trans[n][i] && trans[n][i]->nxt) /* optimize */
		{	T1 = trans[n][i]->nxt;
#if 0
			printf("\t\tpull %d (%d) to %d\n",
			T1->st, T1->forw, i);
#endif
			srcln[i] = srcln[T1->st];	/* Oyvind Teig, 5.2.0 */

			if (!trans[n][T1->st]) continue;
			T0 = cpytr(trans[n][T1->st]);
			trans[n][i] = T0;
			reach[T1->st] = 1;
			imed(T0, T1->st, n, i);
			for (T1 = T1->nxt; T1; T1 = T1->nxt)
			{
#if 0
			printf("\t\tpull %d (%d) to %d\n",
				T1->st, T1->forw, i);
#endif
		/*		srcln[i] = srcln[T1->st];  gh: not useful */
				if (!trans[n][T1->st]) continue;
				T0->nxt = cpytr(trans[n][T1->st]);
				T0 = T0->nxt;
				reach[T1->st] = 1;
				imed(T0, T1->st, n, i);
	}	}	}
	if (state_tables >= 2)
	{	printf("STEP 3 %s\n", 
			procname[n]);
		for (i = 1; i < m; i++)
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
			crack(n, i, T0, srcln);
		return;
	}
#ifdef HAS_UNLESS
	for (i = 1; i < m; i++)
	{	if (!trans[n][i]) continue;
		/* check for each state i if an
		 * escape to some state p is defined
		 * if so, copy and mark p's transitions
		 * and prepend them to the transition-
		 * list of state i
		 */
	 if (!like_java) /* the default */
	 {	for (T0 = trans[n][i]; T0; T0 = T0->nxt)
		for (k = HAS_UNLESS-1; k >= 0; k--)
		{	if (p = T0->escp[k])
			for (T1 = trans[n][p]; T1; T1 = T1->nxt)
			{	if (isthere(trans[n][i], T1->t_id))
					continue;
				T2 = cpytr(T1);
				T2->e_trans = p;
				T2->nxt = trans[n][i];
				trans[n][i] = T2;
		}	}
	 } else /* outermost unless checked first */
	 {	T4 = T3 = (Trans *) 0;
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
		for (k = HAS_UNLESS-1; k >= 0; k--)
		{	if (p = T0->escp[k])
			for (T1 = trans[n][p]; T1; T1 = T1->nxt)
			{	if (isthere(trans[n][i], T1->t_id))
					continue;
				T2 = cpytr(T1);
				T2->nxt = (Trans *) 0;
				T2->e_trans = p;
				if (T3)	T3->nxt = T2;
				else	T4 = T2;
				T3 = T2;
		}	}
		if (T4)
		{	T3->nxt = trans[n][i];
			trans[n][i] = T4;
		}
	 }
	}
#endif
#ifndef NOREDUCE
	for (i = 1; i < m; i++)
	{	if (a_cycles)
		{ /* moves through these states are visible */
	#if PROG_LAB>0 && defined(HAS_NP)
			if (progstate[n][i])
				goto degrade;
			for (T1 = trans[n][i]; T1; T1 = T1->nxt)
				if (progstate[n][T1->st])
					goto degrade;
	#endif
			if (accpstate[n][i] || visstate[n][i])
				goto degrade;
			for (T1 = trans[n][i]; T1; T1 = T1->nxt)
				if (accpstate[n][T1->st])
					goto degrade;
		}
		T1 = trans[n][i];
		if (!T1) continue;
		g = mark_safety(T1);	/* V3.3.1 */
		if (g < 0) goto degrade; /* global */
		/* check if mixing of guards preserves reduction */
		if (T1->nxt)
		{	k = 0;
			for (T0 = T1; T0; T0 = T0->nxt)
			{	if (!(T0->atom&8))
					goto degrade;
				for (aa = 0; aa < 2; aa++)
				{	j = srinc_set(T0->tpe[aa]);
					if (j >= GLOBAL && j != ALPHA_F)
						goto degrade;
					if (T0->tpe[aa]
					&&  T0->tpe[aa]
					!=  T1->tpe[0])
						k = 1;
			}	}
			/* g = 0;	V3.3.1 */
			if (k)	/* non-uniform selection */
			for (T0 = T1; T0; T0 = T0->nxt)
			for (aa = 0; aa < 2; aa++)
			{	j = srinc_set(T0->tpe[aa]);
				if (j != LOCAL)
				{	k = srunc(T0->tpe[aa], j);
					for (h = 0; h < 6; h++)
						if (T1->qu[h] == k
						&&  T1->ty[h] == j)
							break;
					if (h >= 6)
					{	T1->qu[g%6] = k;
						T1->ty[g%6] = j;
						g++;
			}	}	}
			if (g > 6)
			{	T1->qu[0] = 0;	/* turn it off */
				printf("pan: warning, line %d, ",
					srcln[i]);
			 	printf("too many stmnt types (%d)",
					g);
			  	printf(" in selection\n");
			  goto degrade;
			}
		}
		/* mark all options global if >=1 is global */
		for (T1 = trans[n][i]; T1; T1 = T1->nxt)
			if (!(T1->atom&8)) break;
		if (T1)
degrade:	for (T1 = trans[n][i]; T1; T1 = T1->nxt)
			T1->atom &= ~8;	/* mark as unsafe */
		/* can only mix 'r's or 's's if on same chan */
		/* and not mixed with other local operations */
		T1 = trans[n][i];
		if (!T1 || T1->qu[0]) continue;
		j = T1->tpe[0];
		if (T1->nxt && T1->atom&8)
		{ if (j == 5*DELTA)
		  {	printf("warning: line %d ", srcln[i]);
			printf("mixed condition ");
			printf("(defeats reduction)\n");
			goto degrade;
		  }
		  for (T0 = T1; T0; T0 = T0->nxt)
		  for (aa = 0; aa < 2; aa++)
		  if  (T0->tpe[aa] && T0->tpe[aa] != j)
		  {	printf("warning: line %d ", srcln[i]);
			printf("[%d-%d] mixed %stion ",
				T0->tpe[aa], j, 
				(j==5*DELTA)?"condi":"selec");
			printf("(defeats reduction)\n");
			printf("	'%s' <-> '%s'\n",
				T1->tp, T0->tp);
			goto degrade;
		} }
	}
#endif
	for (i = 1; i < m; i++)
	{	T2 = trans[n][i];
		if (!T2
		||  T2->nxt
		||  strncmp(T2->tp, ".(goto)", 7)
		||  !stopstate[n][i])
			continue;
		stopstate[n][T2->st] = 1;
	}
	if (state_tables && !verbose)
	{	if (dodot)
		{	char buf[256], *q = buf, *p = procname[n];
			while (*p != '\0')
			{	if (*p != ':')
				{	*q++ = *p;
				}
				p++;
			}
			*q = '\0';
			printf("digraph ");
			switch (Btypes[n]) {
			case I_PROC:  printf("init {\n"); break;
			case N_CLAIM: printf("claim_%s {\n", buf); break;
			case E_TRACE: printf("notrace {\n"); break;
			case N_TRACE: printf("trace {\n"); break;
			default:      printf("p_%s {\n", buf); break;
			}
			printf("size=\"8,10\";\n");
			printf("  GT [shape=box,style=dotted,label=\"%s\"];\n", buf);
			printf("  GT -> S%d;\n", is);
		} else
		{	switch (Btypes[n]) {
			case I_PROC:  printf("init\n"); break;
			case N_CLAIM: printf("claim %s\n", procname[n]); break;
			case E_TRACE: printf("notrace assertion\n"); break;
			case N_TRACE: printf("trace assertion\n"); break;
			default:      printf("proctype %s\n", procname[n]); break;
		}	}
		for (i = 1; i < m; i++)
		{	reach[i] = 1;
		}
		tagtable(n, m, is, srcln, reach);
		if (dodot) printf("}\n");
	} else
	for (i = 1; i < m; i++)
	{	int nrelse;
		if (Btypes[n] != N_CLAIM)
		{	for (T0 = trans[n][i]; T0; T0 = T0->nxt)
			{	if (T0->st == i
				&& strcmp(T0->tp, "(1)") == 0)
				{	printf("error: proctype '%s' ",
						procname[n]);
		  			printf("line %d, state %d: has un",
						srcln[i], i);
					printf("conditional self-loop\n");
					pan_exit(1);
		}	}	}
		nrelse = 0;
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
		{	if (strcmp(T0->tp, "else") == 0)
				nrelse++;
		}
		if (nrelse > 1)
		{	printf("error: proctype '%s' state",
				procname[n]);
		  	printf(" %d, inherits %d", i, nrelse);
		  	printf(" 'else' stmnts\n");
			pan_exit(1);
	}	}
#if !defined(LOOPSTATE) && !defined(BFS_PAR)
	if (state_tables)
#endif
	do_dfs(n, m, is, srcln, reach, lpstate);

	if (!t_reverse)
	{	return;
	}
	/* process n, with m states, is=initial state -- reverse list */
	if (!state_tables && Btypes[n] != N_CLAIM)
	{	for (i = 1; i < m; i++)
		{	Trans *Tx = (Trans *) 0; /* list of escapes */
			Trans *Ty = (Trans *) 0; /* its tail element */
			T1 = (Trans *) 0; /* reversed list */
			T2 = (Trans *) 0; /* its tail */
			T3 = (Trans *) 0; /* remembers possible 'else' */

			/* find unless-escapes, they should go first */
			T4 = T5 = T0 = trans[n][i];
	#ifdef HAS_UNLESS
			while (T4 && T4->e_trans) /* escapes are first in orig list */
			{	T5 = T4;	  /* remember predecessor */
				T4 = T4->nxt;
			}
	#endif
			/* T4 points to first non-escape, T5 to its parent, T0 to original list */
			if (T4 != T0)		 /* there was at least one escape */
			{	T3 = T5->nxt;		 /* start of non-escapes */
				T5->nxt = (Trans *) 0;	 /* separate */
				Tx = T0;		 /* start of the escapes */
				Ty = T5;		 /* its tail */
				T0 = T3;		 /* the rest, to be reversed */
			}
			/* T0 points to first non-escape, Tx to the list of escapes, Ty to its tail */

			/* first tail-add non-escape transitions, reversed */
			T3 = (Trans *) 0;
			for (T5 = T0; T5; T5 = T4)
			{	T4 = T5->nxt;
	#ifdef HAS_UNLESS
				if (T5->e_trans)
				{	printf("error: cannot happen!\n");
					continue;
				}
	#endif
				if (strcmp(T5->tp, "else") == 0)
				{	T3 = T5;
					T5->nxt = (Trans *) 0;
				} else
				{	T5->nxt = T1;
					if (!T1) { T2 = T5; }
					T1 = T5;
			}	}
			/* T3 points to a possible else, which is removed from the list */
			/* T1 points to the reversed list so far (without escapes) */
			/* T2 points to the tail element -- where the else should go */
			if (T2 && T3)
			{	T2->nxt = T3;	/* add else */
			} else
			{	if (T3) /* there was an else, but there's no tail */
				{	if (!T1)	/* and no reversed list */
					{	T1 = T3; /* odd, but possible */
					} else		/* even stranger */
					{	T1->nxt = T3;
			}	}	}

			/* add in the escapes, to that they appear at the front */
			if (Tx && Ty) { Ty->nxt = T1; T1 = Tx; }

			trans[n][i] = T1;
			/* reversed, with escapes first and else last */
	}	}
	if (state_tables && verbose)
	{	printf("FINAL proctype %s\n", 
			procname[n]);
		for (i = 1; i < m; i++)
		for (T0 = trans[n][i]; T0; T0 = T0->nxt)
			crack(n, i, T0, srcln);
	}
}
void
imed(Trans *T, int v, int n, int j)	/* set intermediate state */
{	progstate[n][T->st] |= progstate[n][v];
	accpstate[n][T->st] |= accpstate[n][v];
	stopstate[n][T->st] |= stopstate[n][v];
	mapstate[n][j] = T->st;
}
void
tagtable(int n, int m, int is, short srcln[], uchar reach[])
{	Trans *z;

	if (is >= m || !trans[n][is]
	||  is <= 0 || reach[is] == 0)
		return;
	reach[is] = 0;
	if (state_tables)
	for (z = trans[n][is]; z; z = z->nxt)
	{	if (dodot)
			dot_crack(n, is, z);
		else
			crack(n, is, z, srcln);
	}

	for (z = trans[n][is]; z; z = z->nxt)
	{
#ifdef HAS_UNLESS
		int i, j;
#endif
		tagtable(n, m, z->st, srcln, reach);
#ifdef HAS_UNLESS
		for (i = 0; i < HAS_UNLESS; i++)
		{	j = trans[n][is]->escp[i];
			if (!j) break;
			tagtable(n, m, j, srcln, reach);
		}
#endif
	}
}

extern Trans *t_id_lkup[];

void
dfs_table(int n, int m, int is, short srcln[], uchar reach[], uchar lpstate[])
{	Trans *z;

	if (is >= m || is <= 0 || !trans[n][is])
		return;
	if ((reach[is] & (4|8|16)) != 0)
	{	if ((reach[is] & (8|16)) == 16)	/* on stack, not yet recorded */
		{	lpstate[is] = 1;
			reach[is] |= 8; /* recorded */
			if (state_tables && verbose)
			{	printf("state %d line %d is a loopstate\n", is, srcln[is]);
		}	}
		return;
	}
	reach[is] |= (4|16);	/* visited | onstack */
	for (z = trans[n][is]; z; z = z->nxt)
	{	t_id_lkup[z->t_id] = z;
#ifdef HAS_UNLESS
		int i, j;
#endif
		dfs_table(n, m, z->st, srcln, reach, lpstate);
#ifdef HAS_UNLESS
		for (i = 0; i < HAS_UNLESS; i++)
		{	j = trans[n][is]->escp[i];
			if (!j) break;
			dfs_table(n, m, j, srcln, reach, lpstate);
		}
#endif
	}
	reach[is] &= ~16; /* no longer on stack */
}
void
do_dfs(int n, int m, int is, short srcln[], uchar reach[], uchar lpstate[])
{	int i;
	dfs_table(n, m, is, srcln, reach, lpstate);
	for (i = 0; i < m; i++)
		reach[i] &= ~(4|8|16);
}
void
crack(int n, int j, Trans *z, short srcln[])
{	int i;

	if (!z) return;
	printf("	state %3d -(tr %3d)-> state %3d  ",
		j, z->forw, z->st);
	printf("[id %3d tp %3d", z->t_id, z->tpe[0]);
	if (z->tpe[1]) printf(",%d", z->tpe[1]);
#ifdef HAS_UNLESS
	if (z->e_trans)
		printf(" org %3d", z->e_trans);
	else if (state_tables >= 2)
	for (i = 0; i < HAS_UNLESS; i++)
	{	if (!z->escp[i]) break;
		printf(" esc %d", z->escp[i]);
	}
#endif
	printf("]");
	printf(" [%s%s%s%s%s] %s:%d => ",
		z->atom&6?"A":z->atom&32?"D":"-",
		accpstate[n][j]?"a" :"-",
		stopstate[n][j]?"e" : "-",
		progstate[n][j]?"p" : "-",
		z->atom & 8 ?"L":"G",
		PanSource, srcln[j]);
	for (i = 0; z->tp[i]; i++)
		if (z->tp[i] == '\n')
			printf("\\n");
		else
			putchar(z->tp[i]);
	if (verbose && z->qu[0])
	{	printf("\t[");
		for (i = 0; i < 6; i++)
			if (z->qu[i])
				printf("(%d,%d)",
				z->qu[i], z->ty[i]);
		printf("]");
	}
	printf("\n");
	fflush(stdout);
}
/* spin -a m.pml; cc -o pan pan.c; ./pan -D | dot -Tps > foo.ps; ps2pdf foo.ps */
void
dot_crack(int n, int j, Trans *z)
{	int i;

	if (!z) return;
	printf("	S%d -> S%d  [color=black", j, z->st);

	if (z->atom&6) printf(",style=dashed");
	else if (z->atom&32) printf(",style=dotted");
	else if (z->atom&8) printf(",style=solid");
	else printf(",style=bold");

	printf(",label=\"");
	for (i = 0; z->tp[i]; i++)
	{	if (z->tp[i] == '\\'
		&&  z->tp[i+1] == 'n')
		{	i++; printf(" ");
		} else
		{	putchar(z->tp[i]);
	}	}
	printf("\"];\n");
	if (accpstate[n][j]) printf("  S%d [color=red,style=bold];\n", j);
	else if (progstate[n][j]) printf("  S%d [color=green,style=bold];\n", j);
	if (stopstate[n][j]) printf("  S%d [color=blue,style=bold,shape=box];\n", j);
}

#ifdef VAR_RANGES
#define BYTESIZE	32	/* 2^8 : 2^3 = 256:8 = 32 */

typedef struct Vr_Ptr {
	char	*nm;
	uchar	vals[BYTESIZE];
	struct Vr_Ptr *nxt;
} Vr_Ptr;
Vr_Ptr *ranges = (Vr_Ptr *) 0;

void
logval(char *s, int v)
{	Vr_Ptr *tmp;

	if (v<0 || v > 255) return;
	for (tmp = ranges; tmp; tmp = tmp->nxt)
		if (!strcmp(tmp->nm, s))
			goto found;
	tmp = (Vr_Ptr *) emalloc(sizeof(Vr_Ptr));
	tmp->nxt = ranges;
	ranges = tmp;
	tmp->nm = s;
found:
	tmp->vals[(v)/8] |= 1<<((v)%8);
}

void
dumpval(uchar X[], int range)
{	int w, x, i, j = -1;

	for (w = i = 0; w < range; w++)
	for (x = 0; x < 8; x++, i++)
	{
from:		if ((X[w] & (1<<x)))
		{	printf("%d", i);
			j = i;
			goto upto;
	}	}
	return;
	for (w = 0; w < range; w++)
	for (x = 0; x < 8; x++, i++)
	{
upto:		if (!(X[w] & (1<<x)))
		{	if (i-1 == j)
				printf(", ");
			else
				printf("-%d, ", i-1);
			goto from;
	}	}
	if (j >= 0 && j != 255)
		printf("-255");
}

void
dumpranges(void)
{	Vr_Ptr *tmp;
	printf("\nValues assigned within ");
	printf("interval [0..255]:\n");
	for (tmp = ranges; tmp; tmp = tmp->nxt)
	{	printf("\t%s\t: ", tmp->nm);
		dumpval(tmp->vals, BYTESIZE);
		printf("\n");
	}
}
#endif
