/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - control characters out of text meant for a terminal or a log.
 *
 * Strings read from result files (labels, ids, notes, units, warnings) and
 * file names in error lines can hold terminal control sequences (ANSI
 * colours, an OSC window title, a cursor move, a newline that fakes a
 * second line). rtb_esc_ctl writes s with every C0 control (0x00-0x1f),
 * DEL, every C1 control (U+0080-U+009F) and every byte that is not valid
 * UTF-8 as a visible escape ("\x1b", "\u009b"); everything else, UTF-8
 * text included, as it is. The result is one line of printable text. */
#ifndef RTBENCH_ESCAPE_H
#define RTBENCH_ESCAPE_H
#include <stddef.h>

/* rtb_esc_ctl - escaped s into out (len bytes, always terminated, cut at a
 * whole escape). Returns the length the whole escaped string needs (without
 * the terminator), so rtb_esc_ctl(NULL, 0, s) + 1 sizes a buffer. */
size_t rtb_esc_ctl(char *out, size_t len, const char *s);

/* rtb_esc_in_place - escape what needs it in buf (size len), truncating. */
void rtb_esc_in_place(char *buf, size_t len);
#endif
