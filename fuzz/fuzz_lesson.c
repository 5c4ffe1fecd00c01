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

static void fuzz_course(const uint8_t *data, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "%s/course.yaml", dir);
	if (write_file(path, data, size) != 0)
		return;
	struct course c;
	struct diags ds = {0};
	if (course_load(dir, &c, &ds) == 0)
		course_free(&c);
	diags_print(sink, &ds);
	diags_free(&ds);
	unlink(path);
}

static void fuzz_reference(const uint8_t *data, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "%s/reference.yaml", dir);
	if (write_file(path, data, size) != 0)
		return;
	struct ref_data rd;
	struct diags ds = {0};
	if (ref_data_load(path, &rd, &ds) == 0)
		ref_data_free(&rd);
	diags_print(sink, &ds);
	diags_free(&ds);
	unlink(path);
}

static void fuzz_one_lesson(const uint8_t *data, size_t size)
{
	char path[128];
	snprintf(path, sizeof path, "%s/w03-byte.yaml", dir);
	if (write_file(path, data, size) != 0)
		return;
	struct lesson l;
	struct diags ds = {0};
	if (lesson_load(path, NULL, &l, &ds) == 0)
		lesson_free(&l);
	diags_print(sink, &ds);
	diags_free(&ds);
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!sink)
		setup();
	if (contains(data, size, "sections"))
		fuzz_course(data, size);
	else if (contains(data, size, "sources"))
		fuzz_reference(data, size);
	else
		fuzz_one_lesson(data, size);
	return 0;
}
