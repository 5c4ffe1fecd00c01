/* write_blocks.c - a stand-in for a student's own program, for
 * tests/notebook.sh: writes COUNT blocks of BLOCK bytes to FILE with one
 * write() each and makes no other write of any kind (no stdio, nothing on
 * stderr), so `iolab --command` must count exactly COUNT writes.
 *
 *     write_blocks BLOCK COUNT FILE
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	if (argc != 4)
		return 2;
	long block = atol(argv[1]), count = atol(argv[2]);
	if (block < 1 || block > (long)sizeof buf || count < 0)
		return 2;
	int fd = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 1;
	for (long i = 0; i < count; i++)
		if (write(fd, buf, (size_t)block) != (ssize_t)block)
			return 1;
	return close(fd) == 0 ? 0 : 1;
}
