/* measure.h - placeholder, filled in by its module. */
#ifndef IOLAB_MEASURE_H
#define IOLAB_MEASURE_H
#endif
