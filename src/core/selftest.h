/* rtbench core - selftest (see selftest.c). */
#ifndef RTB_CORE_SELFTEST_H
#define RTB_CORE_SELFTEST_H
#include "cli.h"
int rtb_selftest(struct rtb_cli *cl, const char *command_line);
#endif
