/* units.h - sizes, durations, rates: parsing and formatting.  Pure. */
#ifndef IOLAB_UNITS_H
#define IOLAB_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* "10MiB", "4096", "1K" (K=1000), "2G", "512B".  Integer bytes only.
 * Returns 0 and sets *out; -1 for malformed, negative or overflowing input. */
int units_parse_size(const char *s, uint64_t *out);
/* "5s", "250ms", "1.5", "2m" -> seconds.  Returns 0 or -1. */
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
/* "3.32 MiB/s" */
void units_format_rate(double bytes_per_second, char *buf, size_t len);
/* The range of a trend: "2.35-4.11 MiB/s" (an en dash in UTF-8, ".." in
 * ASCII) when both ends share a unit, "900 KiB/s-1.20 MiB/s" when not,
 * one rate when both ends read the same ("469 KiB/s"). */
void units_format_rate_range(double lo, double hi, int ascii, char *buf, size_t len);
/* "1,234,567" */
void units_format_count(uint64_t n, char *buf, size_t len);
/* A duration: "1.23 s", "456 ms", "994 µs", "7.80 µs", "120 ns"; exactly
 * zero is "0 s". */
void units_format_seconds(double s, int ascii, char *buf, size_t len);
/* A small cost, 3 significant digits in every unit: "312 ns", "4.10 µs",
 * "2.50 ms", "1.20 s" (a sweep's R and U). */
void units_format_cost(double s, int ascii, char *buf, size_t len);
/* natural log of a rate; 0 for rates <= 1 */
double units_log_rate(double bytes_per_second);
/* Position of a rate on a log axis from lo to hi, as 0..width-1 (clamped). */
int units_log_position(double rate, double lo, double hi, int width);

#endif
