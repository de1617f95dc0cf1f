// libpq, PostgreSQL's C client library; its headers live under the directory
// `pkg-config --cflags libpq` names (/usr/include/postgresql on Debian).
#include <libpq-fe.h>
