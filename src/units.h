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
/* "10 MiB", "512 B", "1.5 GiB" (binary units, 3 significant digits) */
void units_format_bytes(double bytes, char *buf, size_t len);
/* "3.32 MiB/s" */
void units_format_rate(double bytes_per_second, char *buf, size_t len);
/* "1,234,567" */
void units_format_count(uint64_t n, char *buf, size_t len);
/* "1.23 s", "456 ms", "7.8 us" */
void units_format_seconds(double s, char *buf, size_t len);
/* natural log of a rate; 0 for rates <= 1 */
double units_log_rate(double bytes_per_second);
/* Position of a rate on a log axis from lo to hi, as 0..width-1 (clamped). */
int units_log_position(double rate, double lo, double hi, int width);

#endif
