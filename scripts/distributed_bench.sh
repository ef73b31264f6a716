#!/usr/bin/env bash
# Figures of the scale-out path on this machine (issue 20), one JSON object per line:
#   - self-play throughput (plies of the games stored in the window, for all three): one SQLite `xqzero selfplay` with T threads, against one
#     `xqzero worker` with T threads and against two workers with T/2 threads each, all on
#     the same network (the quick preset's generation 0) and the same settings (one inference
#     thread of one intra-op thread per process, as `selfplay` has);
#   - bytes per stored game in PostgreSQL (games + moves, indexes and TOAST included) and in
#     the SQLite file.
# A throwaway PostgreSQL cluster (tests/store/pg_cluster.sh) holds the run; a trainer rank
# creates it, publishes generation 0 and is stopped before it trains.
# usage: scripts/distributed_bench.sh [SECONDS per configuration, default 150] [THREADS, default 2]
set -euo pipefail
secs=${1:-150}
threads=${2:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
x=${XQZERO:-$here/build/app/xqzero}
work=$(mktemp -d /tmp/xq-distbench.XXXXXX)
state=$work/pg.state
"$here/tests/store/pg_cluster.sh" start "$state" >/dev/null
trap '"$here/tests/store/pg_cluster.sh" stop "$state"; rm -rf "$work"' EXIT
sock=$(cat "$state")
psql -q -h "$sock" -U postgres -c "CREATE DATABASE xqbench" >/dev/null
db="postgresql:///xqbench?host=$sock&user=postgres"
sql() { psql -qtA -h "$sock" -U postgres -d xqbench -c "$1"; }

"$x" train --role trainer --db "$db" --run bench --preset quick --min-buffer 10000000 \
  --ladder-minutes 0 --model-dir "$work/models" >"$work/trainer.log" 2>&1 &
trainer=$!
until [ -f "$work/models/gen-0000.xqm" ] && [ "$(sql 'SELECT count(*) FROM models')" = 1 ]; do sleep 0.5; done
kill -TERM $trainer; wait $trainer || true
model=$work/models/gen-0000.xqm

# positions and games the workers stored in the window
window() {  # usage: window NAME PROCESSES THREADS_EACH
  local before_g before_p after_g after_p pids=()
  before_g=$(sql "SELECT count(*) FROM games"); before_p=$(sql "SELECT coalesce(sum(plies),0) FROM games")
  for _ in $(seq "$2"); do
    "$x" worker --db "$db" --run bench --threads "$3" --inference-workers 1 --inference-threads 1 --minutes "$(python3 -c "print($secs/60)")" \
      --cache-dir "$work/cache" >>"$work/worker.log" 2>&1 &
    pids+=($!)
  done
  wait "${pids[@]}"
  after_g=$(sql "SELECT count(*) FROM games"); after_p=$(sql "SELECT coalesce(sum(plies),0) FROM games")
  python3 -c "import json; g=$after_g-$before_g; p=$after_p-$before_p; s=$secs; print(json.dumps({'bench':'distributed_selfplay','config':'$1','processes':$2,'threads_each':$3,'games':g,'positions':p,'seconds':s,'games_per_hour':g*3600/s,'positions_per_s':p/s}))"
}

"$x" selfplay --preset quick --model "$model" --db "$work/local.db" --run local --threads "$threads" --inference-threads 1 \
  --games 0 --seconds "$secs" --json >/dev/null 2>&1
# Counted as the workers' are: the plies of the games stored (selfplay's own positions/s also
# counts the moves of games still in flight when it stops).
python3 -c "
import json, sqlite3
g, p = sqlite3.connect('file:$work/local.db?mode=ro', uri=True).execute('SELECT count(*), coalesce(sum(plies),0) FROM games').fetchone()
print(json.dumps({'bench':'distributed_selfplay','config':'sqlite selfplay','processes':1,'threads_each':$threads,'games':g,'positions':p,'seconds':$secs,'games_per_hour':g*3600/$secs,'positions_per_s':p/$secs}))"
window "1 worker" 1 "$threads"
window "2 workers" 2 $((threads / 2 > 0 ? threads / 2 : 1))

pg_bytes=$(sql "SELECT pg_total_relation_size('games') + pg_total_relation_size('moves')")
pg_games=$(sql "SELECT count(*) FROM games")
pg_plies=$(sql "SELECT sum(plies) FROM games")
lite_bytes=$(stat -c %s "$work/local.db")
lite_games=$(python3 -c "import sqlite3; print(sqlite3.connect('file:$work/local.db?mode=ro', uri=True).execute('SELECT count(*) FROM games').fetchone()[0])")
python3 -c "import json; print(json.dumps({'bench':'bytes_per_game','postgresql':$pg_bytes/max(1,$pg_games),'plies_per_game':$pg_plies/max(1,$pg_games),'sqlite_file':$lite_bytes/max(1,$lite_games) if $lite_games else None}))"
