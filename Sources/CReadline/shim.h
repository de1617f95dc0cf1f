#ifndef KIOSK_CREADLINE_SHIM_H
#define KIOSK_CREADLINE_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <readline/readline.h>
#include <readline/history.h>

// readline's state lives in mutable C globals, which Swift 6 will not touch directly.
// These accessors keep that state in C; the one thread that drives readline calls them.

/// Installs the program name, the completion function and the word separators, and
/// leaves every signal to the program (no readline handlers, no setenv of LINES/COLUMNS).
static inline void kiosk_rl_configure(const char *name, const char *word_breaks,
                                      rl_completion_func_t *completer) {
    rl_readline_name = name;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_completer_word_break_characters = word_breaks;
    // Text after an open quote is one word to complete (`order "mango k`), and readline
    // closes the quote when one candidate is left.
    rl_completer_quote_characters = "\"'";
    rl_attempted_completion_function = completer;
}

static inline int kiosk_rl_version(void) { return rl_readline_version; }
static inline const char *kiosk_rl_line_buffer(void) { return rl_line_buffer; }
static inline int kiosk_rl_point(void) { return rl_point; }
static inline int kiosk_rl_end(void) { return rl_end; }
static inline void kiosk_rl_point_to_end(void) { rl_point = rl_end; }
static inline const char *kiosk_rl_display_prompt(void) { return rl_display_prompt; }
/// Puts the cursor at byte `point` of the line (at most its end).
static inline void kiosk_rl_set_point(int point) { rl_point = point < rl_end ? point : rl_end; }
/// Makes the next line end after `count` characters without Enter (0: only on Enter).
static inline void kiosk_rl_set_chars_to_read(int count) { rl_num_chars_to_read = count; }
/// Forgets that the last line ended in Ctrl-D. Readline (8.1 on) sets rl_eof_found then and only
/// clears it in readline(), not in callback mode, and while it is set every line it
/// finishes prints an extra newline: after Ctrl-D at a question, every command's output would
/// start one row lower.
static inline void kiosk_rl_forget_eof(void) {
#if defined(RL_READLINE_VERSION) && RL_READLINE_VERSION >= 0x0801
    rl_eof_found = 0;
#endif
}
/// Tells readline not to fall back to file-name completion.
static inline void kiosk_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// The columns a character takes on the terminal (wcwidth(3), which glibc only
/// declares for X/Open builds).
int wcwidth(wchar_t c);
static inline int kiosk_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

#endif
