/* byte_io.c - a stand-in for a course's filter program (CS61's storage
 * programs are such), for tests/redirect.sh: it moves one byte per system
 * call through its standard input and output and opens no file, so only
 * `iolab --command --redirect` can give it the lab's data file.
 *
 *     byte_io copy         read() stdin a byte at a time to its end,
 *                          write() each byte to stdout
 *     byte_io write SIZE   write() SIZE bytes to stdout, a byte at a time
 *
 * Nothing else is read or written (no stdio, nothing on stderr), so the
 * kernel's counts are the bytes' and the start-up's, exactly.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char c = 'a';
	if (argc == 2 && strcmp(argv[1], "copy") == 0) {
		ssize_t n;
		while ((n = read(STDIN_FILENO, &c, 1)) == 1)
			if (write(STDOUT_FILENO, &c, 1) != 1)
				return 1;
		return n == 0 ? 0 : 1;
	}
	if (argc == 3 && strcmp(argv[1], "write") == 0) {
		long size = atol(argv[2]);
		for (long i = 0; i < size; i++)
			if (write(STDOUT_FILENO, &c, 1) != 1)
				return 1;
		return 0;
	}
	return 2;
}
