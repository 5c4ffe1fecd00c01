/* report.h - placeholder, filled in by its module. */
#ifndef IOLAB_REPORT_H
#define IOLAB_REPORT_H
#endif
