/* units.h - sizes, durations, rates: parsing and formatting.  Pure. */
#ifndef IOLAB_UNITS_H
#define IOLAB_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* "10MiB", "4096", "1K" (K=1000), "2G", "512B".  Integer bytes only.
 * Returns 0 and sets *out; -1 for malformed, negative or overflowing input. */
int units_parse_size(const char *s, uint64_t *out);
/* A decimal number (digits, at most one point: no sign, exponent or hex)
 * and a unit, "s", "ms", "us", "ns", "m", "min" or "h", or none for
 * seconds: "5s", "250ms", "1.5", "2m", "1h" -> seconds, rounded to the
 * one resolution of durations, a whole nanosecond.  Returns 0; -1 for
 * anything else or more than UNITS_DURATION_MAX; -2 for a duration above
 * 0 that is shorter than half a nanosecond. */
#define UNITS_DURATION_MAX 1e9    /* seconds: about 31 years */
int units_parse_duration(const char *s, double *out);
/* Figures for people.  A figure here is whole: it is rounded to what the
 * screen can hold, never cut.  Functions that may print a micro sign take
 * `ascii`: "µs" in UTF-8, "us" when the terminal cannot show it. */

/* An amount of data, rounded: "10 MiB", "512 B", "1.50 KiB" (binary units,
 * 3 significant digits; 1023.99 KiB is "1 MiB", never "1024 KiB"). */
void units_format_bytes(double bytes, char *buf, size_t len);
/* A size a lesson or a key set, exactly: the largest binary unit it is a
 * whole number of ("4 KiB", "1 MiB", "3,076 KiB"), else its bytes with
 * separators ("2,000 B", "419,430 B"). */
void units_format_size(uint64_t bytes, char *buf, size_t len);
/* An average amount per event (bytes per syscall): a whole number, or one
 * within 0.05% of it, exactly as units_format_size ("1 B", "4 KiB",
 * "1 MiB"); otherwise rounded as units_format_bytes ("1.50 KiB"). */
void units_format_bytes_per(double bytes, char *buf, size_t len);
/* A rate, in the lecture's decimal units (powers of 1000), three
 * significant digits and no trailing zeros: "3.48 MB/s", "2.6 kB/s",
 * "26 B/s".  Every rate iolab shows goes through here; sizes of files and
 * buffers stay binary (units_format_size).  "-" for what is not a rate,
 * "off scale" from a million PB/s up (units_format_bytes likewise from a
 * million PiB): a figure's width is bounded whatever a notebook holds. */
void units_format_rate(double bytes_per_second, char *buf, size_t len);
/* A rate in the unit named ("MB", "MiB", "kB", "B" ...), for a guess echoed
 * as it was typed: 1e6 in "MB" is "1 MB/s", not "977 KiB/s".  0; -1 for a
 * unit it does not know, which is then formatted as units_format_rate. */
int units_format_rate_in(double bytes_per_second, const char *unit, char *buf, size_t len);
/* The unit typed after a rate ("MB/s", "MiB", "k", "b", "": blanks and
 * "/s" at the end ignored; letters without case but the i of KiB, MiB ...):
 * 0 with its factor in B/s and its name as units_format_rate_in knows it
 * ("MB", "MiB", "kB", "B"); -1 for no unit of ours.  k M G T are powers
 * of 1000, KiB MiB GiB TiB of 1024. */
int units_rate_unit(const char *typed, double *factor, const char **name);
/* A rate a person typed ("1MB/s", "500k", "3 MiB"), in the unit typed:
 * "1 MB/s", "500 kB/s", "3 MiB/s"; anything else (a log rate, "ln 15.1")
 * as units_format_rate. */
void units_format_rate_typed(double bytes_per_second, const char *typed, char *buf, size_t len);
/* The range of a trend: "2.35-4.11 MB/s" (an en dash in UTF-8, ".." in
 * ASCII) when both ends share a unit, "900 kB/s-1.2 MB/s" when not,
 * one rate when both ends read the same ("469 kB/s"). */
void units_format_rate_range(double lo, double hi, int ascii, char *buf, size_t len);
/* "1,234,567" */
void units_format_count(uint64_t n, char *buf, size_t len);
/* A duration: "1.23 s", "456 ms", "994 µs", "7.80 µs", "120 ns"; exactly
 * zero is "0 s". */
void units_format_seconds(double s, int ascii, char *buf, size_t len);
/* A small cost, 3 significant digits in every unit: "312 ns", "4.10 µs",
 * "2.50 ms", "1.20 s" (a sweep's R and U). */
void units_format_cost(double s, int ascii, char *buf, size_t len);
/* A figure with `decimals` decimals ("14.51", "0.73"), bounded: what is
 * not a number is "-", and beyond +-UNITS_FIXED_MAX "off scale", so no
 * value, crafted or not, draws wider than UNITS_FIXED_WIDTH columns
 * (decimals <= 3).  For log rates, misses, ratios. */
#define UNITS_FIXED_MAX 999999.0
#define UNITS_FIXED_WIDTH 11
void units_format_fixed(double v, int decimals, char *buf, size_t len);
/* natural log of a rate; 0 for rates <= 1 */
double units_log_rate(double bytes_per_second);
/* Position of a rate on a log axis from lo to hi, as 0..width-1 (clamped). */
int units_log_position(double rate, double lo, double hi, int width);

#endif
