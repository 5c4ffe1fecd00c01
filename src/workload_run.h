/* workload_run.h - placeholder, filled in by its module. */
#ifndef IOLAB_WORKLOAD_RUN_H
#define IOLAB_WORKLOAD_RUN_H
#endif
