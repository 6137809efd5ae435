// Giving every node the files of a verl checkpoint step that its ranks read and only rank 0's node
// has: reading the source (this machine or a host), a preflight per node (its tree, checksums where
// sizes match, free space where each folder lives, locks and leftovers), the plan from the
// difference, and the transfer. On a node a run holds a lock while it writes there; files arrive
// under temporary names, are checked, and are switched into place together through a journal that
// the next run completes if this one is cut short. Links and special files at a destination are
// never followed or opened. Verify-only, the equivalent scripts, and the audit record. Every remote
// command is built with shell::quote.
//
// One header per stage, in the order a byte travels: options.h (what is asked), source.h (reading rank 0's
// files), preflight.h (what each node has), plan.h (what each node gets, and by which route),
// transfer.h (sending, checking and committing; the node scripts in nodescript.cpp), commit.h (finishing
// what a cut-short run left), report.h (JSON, audit, scripts). This header brings them all.
#pragma once

#include "ckptsync/commit.h"
#include "ckptsync/options.h"
#include "ckptsync/plan.h"
#include "ckptsync/preflight.h"
#include "ckptsync/report.h"
#include "ckptsync/source.h"
#include "ckptsync/transfer.h"
