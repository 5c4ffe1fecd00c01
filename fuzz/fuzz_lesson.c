/* fuzz_lesson.c - libFuzzer target for the lesson loaders (make fuzz).
 *
 * The input is written to a private temporary directory as a file and
 * handed to the loader a real run would use for it: a course file (it names
 * sections), a reference file (it names sources), or a lesson.  Every error
 * path is printed to /dev/null too, so diag_print's caret and echo code is
 * exercised.  ASan/UBSan/LeakSanitizer report what goes wrong.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];
static FILE *sink;

static void remove_dir(void)
{
	rmdir(dir);
}

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/iolab-fuzz.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	atexit(remove_dir);
	sink = fopen("/dev/null", "w");
}

static int write_file(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -1;
	ssize_t n = write(fd, data, size);
	close(fd);
	return n == (ssize_t)size ? 0 : -1;
}

static int contains(const uint8_t *data, size_t size, const char *word)
{
	size_t w = strlen(word);
	for (size_t i = 0; i + w <= size; i++)
		if (memcmp(data + i, word, w) == 0)
			return 1;
	return 0;
}

/* Each loader, called as a real run calls it; frees what it loaded. */
static int load_course(const char *path, struct diags *ds)
{
	(void)path;
	struct course c;
	if (course_load(dir, &c, ds) == 0)
		lesson_course_free(&c);
	return 0;
}

static int load_reference(const char *path, struct diags *ds)
{
	struct ref_data rd;
	if (reference_load(path, &rd, ds) == 0)
		reference_free(&rd);
	return 0;
}

static int load_lesson(const char *path, struct diags *ds)
{
	struct lesson l;
	if (lesson_load(path, NULL, &l, ds) == 0)
		lesson_free(&l);
	return 0;
}

/* Write the input as dir/name, load it, print the diagnostics, clean up. */
static void fuzz_file(const char *name, int (*load)(const char *, struct diags *),
                      const uint8_t *data, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (write_file(path, data, size) != 0)
		return;
	struct diags ds = {0};
	load(path, &ds);
	diag_list_print(sink, &ds);
	diag_list_free(&ds);
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!sink)
		setup();
	if (contains(data, size, "sections"))
		fuzz_file("course.yaml", load_course, data, size);
	else if (contains(data, size, "sources"))
		fuzz_file("reference.yaml", load_reference, data, size);
	else
		fuzz_file("w03-byte.yaml", load_lesson, data, size);
	return 0;
}
