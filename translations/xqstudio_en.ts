<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>Board</name>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="92" />
            <source>Chu River</source>
            <translation>Chu River</translation>
        </message>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="96" />
            <source>Han Border</source>
            <translation>Han Border</translation>
        </message>
    </context>
    <context>
        <name>xqui::AnalysisSession</name>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="88" />
            <source>Not a valid FEN: %1</source>
            <translation>Not a valid FEN: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="119" />
            <source>Stop the analysis first.</source>
            <translation>Stop the analysis first.</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="129" />
            <source>This build has no network support (LibTorch).</source>
            <translation>This build has no network support (LibTorch).</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="154" />
            <source>Analysing with uniform priors</source>
            <translation>Analysing with uniform priors</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="155" />
            <source>Loaded model %1</source>
            <translation>Loaded model %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="168" />
            <source>Analysis started</source>
            <translation>Analysis started</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="201" />
            <source>The analysis failed: %1</source>
            <translation>The analysis failed: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="210" />
            <source>Analysis stopped</source>
            <translation>Analysis stopped</translation>
        </message>
    </context>
    <context>
        <name>xqui::AnalyzePage</name>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="46" />
            <source>won</source>
            <translation>won</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="47" />
            <source>lost</source>
            <translation>lost</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="181" />
            <source>Open model</source>
            <translation>Open model</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="182" />
            <source>Models (*.xqm);;All files (*)</source>
            <translation>Models (*.xqm);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="269" />
            <source>Analyze</source>
            <translation>Analyze</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="270" />
            <source>Start analysis</source>
            <translation>Start analysis</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="271" />
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="272" />
            <source>Open model…</source>
            <translation>Open model…</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="273" />
            <source>No network</source>
            <translation>No network</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="274" />
            <source>Analyse with uniform priors and value 0 (no network)</source>
            <translation>Analyse with uniform priors and value 0 (no network)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="275" />
            <source>Analyze this position</source>
            <translation>Analyze this position</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="276" />
            <source>Take the position on the Play page</source>
            <translation>Take the position on the Play page</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="277" />
            <source>Start position</source>
            <translation>Start position</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="278" />
            <source>Paste FEN</source>
            <translation>Paste FEN</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="279" />
            <source>FEN (empty: take it from the clipboard)</source>
            <translation>FEN (empty: take it from the clipboard)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="280" />
            <source>Show policy priors instead of visits</source>
            <translation>Show policy priors instead of visits</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="281" />
            <source>Simulations (0 = until Stop):</source>
            <translation>Simulations (0 = until Stop):</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="282" />
            <source>Notation:</source>
            <translation>Notation:</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="284" />
            <source>Search tree (N visits, P prior, Q value for the player making the move)</source>
            <translation>Search tree (N visits, P prior, Q value for the player making the move)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="288" />
            <source>Chinese</source>
            <translation>Chinese</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="289" />
            <source>WXF</source>
            <translation>WXF</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="290" />
            <source>ICCS</source>
            <translation>ICCS</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <location filename="../ui/pages/analyze_page.cpp" line="295" />
            <source>Move</source>
            <translation>Move</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <source>Visits</source>
            <translation>Visits</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <source>Prior</source>
            <translation>Prior</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <location filename="../ui/pages/analyze_page.cpp" line="295" />
            <source>Q</source>
            <translation>Q</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <source>Principal variation</source>
            <translation>Principal variation</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="295" />
            <source>N</source>
            <translation>N</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="295" />
            <source>P</source>
            <translation>P</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="300" />
            <source>No network: uniform priors (every legal move equally likely, value 0).</source>
            <translation>No network: uniform priors (every legal move equally likely, value 0).</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="302" />
            <source>Network: %1</source>
            <translation>Network: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="305" />
            <source>Network: %1 (%2)</source>
            <translation>Network: %1 (%2)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="306" />
            <location filename="../ui/pages/analyze_page.cpp" line="360" />
            <source>No network (uniform priors)</source>
            <translation>No network (uniform priors)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="418" />
            <source>%1 to move. Press Start analysis.</source>
            <translation>%1 to move. Press Start analysis.</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="419" />
            <location filename="../ui/pages/analyze_page.cpp" line="442" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="419" />
            <location filename="../ui/pages/analyze_page.cpp" line="442" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="444" />
            <source>forced win found</source>
            <translation>forced win found</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="445" />
            <source>forced loss</source>
            <translation>forced loss</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="446" />
            <source>value %1</source>
            <translation>value %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="447" />
            <source>%1 to move · %2 · %3 simulations · %4 simulations/s · %5 nodes%6</source>
            <translation>%1 to move · %2 · %3 simulations · %4 simulations/s · %5 nodes%6</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="452" />
            <source> · searching…</source>
            <translation> · searching…</translation>
        </message>
    </context>
    <context>
        <name>xqui::BoardWidget</name>
        <message>
            <location filename="../ui/board/board_widget.cpp" line="19" />
            <source>Xiangqi board</source>
            <translation>Xiangqi board</translation>
        </message>
    </context>
    <context>
        <name>xqui::ErrorText</name>
        <message>
            <location filename="../ui/error_text.cpp" line="38" />
            <source>The model file %1 cannot be read or written.</source>
            <translation>The model file %1 cannot be read or written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="39" />
            <source>A model file cannot be read or written.</source>
            <translation>A model file cannot be read or written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="41" />
            <source>%1 is not an XQZero model file.</source>
            <translation>%1 is not an XQZero model file.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="42" />
            <source>The file is not an XQZero model file.</source>
            <translation>The file is not an XQZero model file.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="44" />
            <source>The model file %1 was written by a newer XQZero.</source>
            <translation>The model file %1 was written by a newer XQZero.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="45" />
            <source>The model file was written by a newer XQZero.</source>
            <translation>The model file was written by a newer XQZero.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="47" />
            <source>The model file %1 is damaged.</source>
            <translation>The model file %1 is damaged.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="48" />
            <source>The model file is damaged.</source>
            <translation>The model file is damaged.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="50" />
            <source>The model file %1 holds a network of another size or input format.</source>
            <translation>The model file %1 holds a network of another size or input format.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="52" />
            <source>The model file holds a network of another size or input format.</source>
            <translation>The model file holds a network of another size or input format.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="55" />
            <source>A run named “%1” already exists: resume it or choose another name.</source>
            <translation>A run named “%1” already exists: resume it or choose another name.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="57" />
            <source>A run of that name already exists: resume it or choose another name.</source>
            <translation>A run of that name already exists: resume it or choose another name.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="60" />
            <source>There is no run named “%1” to resume.</source>
            <translation>There is no run named “%1” to resume.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="61" />
            <source>There is no run of that name to resume.</source>
            <translation>There is no run of that name to resume.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="63" />
            <source>“%1” cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters; a run stored under such a name can be renamed with xqzero db rename-run.</source>
            <translation>“%1” cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters; a run stored under such a name can be renamed with xqzero db rename-run.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="68" />
            <source>That cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters.</source>
            <translation>That cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="73" />
            <source>The run “%1” is being trained by another process: continue it when that one has stopped.</source>
            <translation>The run “%1” is being trained by another process: continue it when that one has stopped.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="76" />
            <source>The run is being trained by another process: continue it when that one has stopped.</source>
            <translation>The run is being trained by another process: continue it when that one has stopped.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="80" />
            <source>A model file of this run is missing: %1.</source>
            <translation>A model file of this run is missing: %1.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="81" />
            <source>A model file of this run is missing.</source>
            <translation>A model file of this run is missing.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="83" />
            <source>The model folder %1 cannot be written.</source>
            <translation>The model folder %1 cannot be written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="84" />
            <source>The model folder cannot be written.</source>
            <translation>The model folder cannot be written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="86" />
            <source>The model folder %1 leads outside the database's model folder; nothing was written, moved or deleted there.</source>
            <translation>The model folder %1 leads outside the database's model folder; nothing was written, moved or deleted there.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="89" />
            <source>The run's model folder leads outside the database's model folder; nothing was written, moved or deleted there.</source>
            <translation>The run's model folder leads outside the database's model folder; nothing was written, moved or deleted there.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="93" />
            <source>Not enough free space on the disk of %1 to keep the run's games and models.</source>
            <translation>Not enough free space on the disk of %1 to keep the run's games and models.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="96" />
            <source>Not enough free disk space to keep the run's games and models.</source>
            <translation>Not enough free disk space to keep the run's games and models.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="99" />
            <location filename="../ui/error_text.cpp" line="100" />
            <source>No CUDA device was found on this machine.</source>
            <translation>No CUDA device was found on this machine.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="102" />
            <source>This build cannot join the training ranks at %1: it was built without Gloo.</source>
            <translation>This build cannot join the training ranks at %1: it was built without Gloo.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="105" />
            <source>This build cannot train on several ranks: it was built without Gloo.</source>
            <translation>This build cannot train on several ranks: it was built without Gloo.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="109" />
            <source>The training ranks could not work together through %1.</source>
            <translation>The training ranks could not work together through %1.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="111" />
            <source>The training ranks could not work together.</source>
            <translation>The training ranks could not work together.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="113" />
            <source>The engine %1 failed.</source>
            <translation>The engine %1 failed.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="114" />
            <source>An engine failed.</source>
            <translation>An engine failed.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="116" />
            <source>The games %1 cannot start the run.</source>
            <translation>The games %1 cannot start the run.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="117" />
            <source>The chosen games cannot start the run.</source>
            <translation>The chosen games cannot start the run.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="25" />
            <location filename="../ui/error_text.cpp" line="26" />
            <location filename="../ui/error_text.cpp" line="206" />
            <location filename="../ui/error_text.cpp" line="207" />
            <source>An unexpected error occurred.</source>
            <translation>An unexpected error occurred.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="140" />
            <source>The database %1 could not be read or written.</source>
            <translation>The database %1 could not be read or written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="142" />
            <source>The database could not be read or written.</source>
            <translation>The database could not be read or written.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="145" />
            <source>%1 is damaged or not a database; it was left untouched.</source>
            <translation>%1 is damaged or not a database; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="147" />
            <source>The file is damaged or not a database; it was left untouched.</source>
            <translation>The file is damaged or not a database; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="150" />
            <source>The database %1 is damaged.</source>
            <translation>The database %1 is damaged.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="151" />
            <source>The database is damaged.</source>
            <translation>The database is damaged.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="153" />
            <source>%1 is a database of another application; it was left untouched.</source>
            <translation>%1 is a database of another application; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="156" />
            <source>The file is a database of another application; it was left untouched.</source>
            <translation>The file is a database of another application; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="160" />
            <source>The database %1 was written by a newer XQZero; it was left untouched.</source>
            <translation>The database %1 was written by a newer XQZero; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="163" />
            <source>The database was written by a newer XQZero; it was left untouched.</source>
            <translation>The database was written by a newer XQZero; it was left untouched.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="167" />
            <source>The database %1 comes from an older XQZero and was opened read-only, so it cannot be upgraded.</source>
            <translation>The database %1 comes from an older XQZero and was opened read-only, so it cannot be upgraded.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="170" />
            <source>The database comes from an older XQZero and was opened read-only, so it cannot be upgraded.</source>
            <translation>The database comes from an older XQZero and was opened read-only, so it cannot be upgraded.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="174" />
            <source>There is no database at %1.</source>
            <translation>There is no database at %1.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="175" />
            <source>The database does not exist.</source>
            <translation>The database does not exist.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="178" />
            <source>The database %1 is locked by another program.</source>
            <translation>The database %1 is locked by another program.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="180" />
            <source>The database is locked by another program.</source>
            <translation>The database is locked by another program.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="182" />
            <source>The database %1 refused the change: the name or record already exists.</source>
            <translation>The database %1 refused the change: the name or record already exists.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="185" />
            <source>The database refused the change: the name or record already exists.</source>
            <translation>The database refused the change: the name or record already exists.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="189" />
            <source>The record cannot be stored in %1.</source>
            <translation>The record cannot be stored in %1.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="190" />
            <source>The record cannot be stored.</source>
            <translation>The record cannot be stored.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="193" />
            <source>The record was not found in %1.</source>
            <translation>The record was not found in %1.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="194" />
            <source>The record was not found in the database.</source>
            <translation>The record was not found in the database.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="197" />
            <source>The database %1 cannot be written (a read-only file or disk).</source>
            <translation>The database %1 cannot be written (a read-only file or disk).</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="199" />
            <source>The database cannot be written (a read-only file or disk).</source>
            <translation>The database cannot be written (a read-only file or disk).</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="203" />
            <source>The disk holding the database %1 is full.</source>
            <translation>The disk holding the database %1 is full.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="204" />
            <source>The disk holding the database is full.</source>
            <translation>The disk holding the database is full.</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="229" />
            <source>%1
Details: %2</source>
            <translation>%1
Details: %2</translation>
        </message>
    </context>
    <context>
        <name>xqui::GameTableModel</name>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="66" />
            <source>Date</source>
            <translation>Date</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="67" />
            <source>Run</source>
            <translation>Run</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="68" />
            <source>Kind</source>
            <translation>Kind</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="69" />
            <source>Gen.</source>
            <translation>Gen.</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="70" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="71" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="72" />
            <source>Result</source>
            <translation>Result</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="73" />
            <source>Reason</source>
            <translation>Reason</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="74" />
            <source>Plies</source>
            <translation>Plies</translation>
        </message>
    </context>
    <context>
        <name>xqui::LibraryPage</name>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="286" />
            <source>Open…</source>
            <translation>Open…</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="287" />
            <source>Browse another database (opened read-only)</source>
            <translation>Browse another database (opened read-only)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="291" />
            <location filename="../ui/pages/library_page_list.cpp" line="144" />
            <source>All runs</source>
            <translation>All runs</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="292" />
            <source>All kinds</source>
            <translation>All kinds</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="296" />
            <source>All results</source>
            <translation>All results</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="288" />
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="289" />
            <source>Database:</source>
            <translation>Database:</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="290" />
            <source>Run:</source>
            <translation>Run:</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="300" />
            <source>◀ Newer</source>
            <translation>◀ Newer</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="301" />
            <source>Older ▶</source>
            <translation>Older ▶</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="302" />
            <source>Start position (Home)</source>
            <translation>Start position (Home)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="303" />
            <source>Previous move (Left)</source>
            <translation>Previous move (Left)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="304" />
            <source>Next move (Right)</source>
            <translation>Next move (Right)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="305" />
            <source>Final position (End)</source>
            <translation>Final position (End)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="306" />
            <source>Save PGN…</source>
            <translation>Save PGN…</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="307" />
            <source>Save this game as PGN; a reviewed game keeps its review as comments (Red's value, the best move) and ?! ? ?? marks</source>
            <translation>Save this game as PGN; a reviewed game keeps its review as comments (Red's value, the best move) and ?! ? ?? marks</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="309" />
            <source>Analyze this position</source>
            <translation>Analyze this position</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="311" />
            <source>Open this position of the game, with the moves that led to it, on the Analyze page</source>
            <translation>Open this position of the game, with the moves that led to it, on the Analyze page</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="312" />
            <location filename="../ui/pages/library_page_review.cpp" line="124" />
            <source>Review</source>
            <translation>Review</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="313" />
            <source>Simulations:</source>
            <translation>Simulations:</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="314" />
            <source>Simulations the review's search spends on each position</source>
            <translation>Simulations the review's search spends on each position</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="315" />
            <source>Cancel</source>
            <translation>Cancel</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="34" />
            <source>Open a games database</source>
            <translation>Open a games database</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="35" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero databases (*.db);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="110" />
            <source>Cannot read the database %1: %2</source>
            <translation>Cannot read the database %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="111" />
            <source>Cannot read the database %1</source>
            <translation>Cannot read the database %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="119" />
            <source>No games yet: %1 does not exist. Games finished on the Play page and the games of training runs are stored there.</source>
            <translation>No games yet: %1 does not exist. Games finished on the Play page and the games of training runs are stored there.</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="124" />
            <source>No games stored in %1 yet.</source>
            <translation>No games stored in %1 yet.</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="154" />
            <source>Games %1–%2 of %3</source>
            <translation>Games %1–%2 of %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="37" />
            <source>it is no longer in the database</source>
            <translation>it is no longer in the database</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="38" />
            <source>Cannot load game %1: %2</source>
            <translation>Cannot load game %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="219" />
            <source>Save PGN</source>
            <translation>Save PGN</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="220" />
            <source>PGN files (*.pgn)</source>
            <translation>PGN files (*.pgn)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="226" />
            <source>Cannot write %1: %2</source>
            <translation>Cannot write %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="228" />
            <source>Saved game %1 to %2</source>
            <translation>Saved game %1 to %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="33" />
            <source>No network to review with: choose a model on the Play or Analyze page, or train a run on the Train page.</source>
            <translation>No network to review with: choose a model on the Play or Analyze page, or train a run on the Train page.</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="55" />
            <source>Reviewing… %v of %m positions</source>
            <translation>Reviewing… %v of %m positions</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="57" />
            <source>Reviewing game %1 with %2</source>
            <translation>Reviewing game %1 with %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="81" />
            <source>Review of game %1 cancelled</source>
            <translation>Review of game %1 cancelled</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="85" />
            <source>Cannot review game %1: %2</source>
            <translation>Cannot review game %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="89" />
            <source>The review of game %1 was not stored in %2: %3</source>
            <translation>The review of game %1 was not stored in %2: %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="94" />
            <source>Review of game %1 stored with it</source>
            <translation>Review of game %1 stored with it</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="124" />
            <source>Review again</source>
            <translation>Review again</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="131" />
            <source>Search every position of this game with %1 and mark its inaccuracies, mistakes and blunders; the review is stored with the game</source>
            <translation>Search every position of this game with %1 and mark its inaccuracies, mistakes and blunders; the review is stored with the game</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="134" />
            <source>Choose a model on the Play or Analyze page first (or train a run)</source>
            <translation>Choose a model on the Play or Analyze page first (or train a run)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="140" />
            <source>%1: average loss %2%, %3 ?!, %4 ?, %5 ??</source>
            <translation>%1: average loss %2%, %3 ?!, %4 ?, %5 ??</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="149" />
            <source>Review by %1 at %2 simulations a position — %3 · %4</source>
            <translation>Review by %1 at %2 simulations a position — %3 · %4</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="152" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="152" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="163" />
            <source> — an inaccuracy (?!)</source>
            <translation> — an inaccuracy (?!)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="164" />
            <source> — a mistake (?)</source>
            <translation> — a mistake (?)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="165" />
            <source> — a blunder (??)</source>
            <translation> — a blunder (??)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="175" />
            <source>Review of the next move, %1: the mover's value goes from %2 to %3, giving away %4% win chance%5</source>
            <translation>Review of the next move, %1: the mover's value goes from %2 to %3, giving away %4% win chance%5</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="189" />
            <source>Best (green arrow): %1; line: %2</source>
            <translation>Best (green arrow): %1; line: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="319" />
            <location filename="../ui/pages/library_page_replay.cpp" line="57" />
            <source>Start position</source>
            <translation>Start position</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="104" />
            <source>Choose a game in the list to replay it.</source>
            <translation>Choose a game in the list to replay it.</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="116" />
            <source>%1 vs %2 — %3</source>
            <translation>%1 vs %2 — %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="120" />
            <source>%1 vs %2 — %3 (%4)</source>
            <translation>%1 vs %2 — %3 (%4)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="134" />
            <source>Red to move</source>
            <translation>Red to move</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="134" />
            <source>Black to move</source>
            <translation>Black to move</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="135" />
            <source>Ply %1 of %2 · %3</source>
            <translation>Ply %1 of %2 · %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="140" />
            <source>Final position: %1</source>
            <translation>Final position: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="155" />
            <source>Search value for the side to move: %1</source>
            <translation>Search value for the side to move: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="157" />
            <source>%1 visits over %2 moves; the arrow is the move played</source>
            <translation>%1 visits over %2 moves; the arrow is the move played</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="162" />
            <source>No search data for this move; the arrow is the move played</source>
            <translation>No search data for this move; the arrow is the move played</translation>
        </message>
    </context>
    <context>
        <name>xqui::LibraryTexts</name>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="9" />
            <source>Self-play</source>
            <translation>Self-play</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="10" />
            <source>Evaluation</source>
            <translation>Evaluation</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="11" />
            <source>Play</source>
            <translation>Play</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="12" />
            <source>Other</source>
            <translation>Other</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="13" />
            <source>Imported</source>
            <translation>Imported</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="20" />
            <source>Red wins</source>
            <translation>Red wins</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="21" />
            <source>Black wins</source>
            <translation>Black wins</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="22" />
            <source>Draw</source>
            <translation>Draw</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="23" />
            <source>Unfinished</source>
            <translation>Unfinished</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="30" />
            <source>checkmate</source>
            <translation>checkmate</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="31" />
            <source>no legal move</source>
            <translation>no legal move</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="32" />
            <source>perpetual check</source>
            <translation>perpetual check</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="33" />
            <source>perpetual chase</source>
            <translation>perpetual chase</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="34" />
            <source>repetition</source>
            <translation>repetition</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="35" />
            <source>60-move rule</source>
            <translation>60-move rule</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="36" />
            <source>insufficient material</source>
            <translation>insufficient material</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="37" />
            <source>length limit</source>
            <translation>length limit</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="38" />
            <source>resignation</source>
            <translation>resignation</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="39" />
            <source>adjudication</source>
            <translation>adjudication</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="46" />
            <source>Human</source>
            <translation>Human</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="50" />
            <source>Random</source>
            <translation>Random</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="50" />
            <source>Beginner</source>
            <translation>Beginner</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="51" />
            <source>Amateur</source>
            <translation>Amateur</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="51" />
            <source>Advanced</source>
            <translation>Advanced</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="52" />
            <source>Computer (%1)</source>
            <translation>Computer (%1)</translation>
        </message>
    </context>
    <context>
        <name>xqui::LiveGameView</name>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="74" />
            <source>Show the previous game in flight</source>
            <translation>Show the previous game in flight</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="75" />
            <source>Show the next game in flight</source>
            <translation>Show the next game in flight</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="76" />
            <source>A self-play game being played now; the colours show the share of the current search's visits per target square.</source>
            <translation>A self-play game being played now; the colours show the share of the current search's visits per target square.</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="77" />
            <source>Moves of the game appear here.</source>
            <translation>Moves of the game appear here.</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="78" />
            <location filename="../ui/train/live_game_view.cpp" line="103" />
            <location filename="../ui/train/live_game_view.cpp" line="121" />
            <source>No self-play game in flight</source>
            <translation>No self-play game in flight</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="112" />
            <source>Game %1 of %2</source>
            <translation>Game %1 of %2</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="137" />
            <source>Game %1 of %2 · no. %3</source>
            <translation>Game %1 of %2 · no. %3</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="141" />
            <source>Game %1 of %2 · idle</source>
            <translation>Game %1 of %2 · idle</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="156" />
            <source>Ply %1 · %2 visits · value for Red %3</source>
            <translation>Ply %1 · %2 visits · value for Red %3</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="157" />
            <source>Ply %1 · %2 visits (fast search) · value for Red %3</source>
            <translation>Ply %1 · %2 visits (fast search) · value for Red %3</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="162" />
            <source>Ply %1 · searching…</source>
            <translation>Ply %1 · searching…</translation>
        </message>
    </context>
    <context>
        <name>xqui::MainWindow</name>
        <message>
            <location filename="../ui/main_window.cpp" line="180" />
            <source>XQZero Studio</source>
            <translation>XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Play</source>
            <translation>Play</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Analyze</source>
            <translation>Analyze</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Library</source>
            <translation>Library</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="183" />
            <source>Engine idle</source>
            <translation>Engine idle</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="183" />
            <source>Engine thinking</source>
            <translation>Engine thinking</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="52" />
            <location filename="../ui/main_window.cpp" line="451" />
            <source>Ready</source>
            <translation>Ready</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="166" />
            <source>Importing games: %1 read (%2 imported, %3 rejected), %4% of the file</source>
            <translation>Importing games: %1 read (%2 imported, %3 rejected), %4% of the file</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="202" />
            <source>&amp;Game</source>
            <translation>&amp;Game</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="203" />
            <source>&amp;New game</source>
            <translation>&amp;New game</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="206" />
            <source>&amp;Open PGN…</source>
            <translation>&amp;Open PGN…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="208" />
            <source>&amp;Save PGN…</source>
            <translation>&amp;Save PGN…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="212" />
            <source>&amp;Import games into the Library…</source>
            <translation>&amp;Import games into the Library…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="215" />
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="219" />
            <source>&amp;Edit</source>
            <translation>&amp;Edit</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="220" />
            <source>&amp;Undo move</source>
            <translation>&amp;Undo move</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="223" />
            <source>&amp;Copy FEN</source>
            <translation>&amp;Copy FEN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="225" />
            <source>&amp;Paste FEN</source>
            <translation>&amp;Paste FEN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="228" />
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="232" />
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="233" />
            <source>&amp;Flip board</source>
            <translation>&amp;Flip board</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="235" />
            <source>Show &amp;coordinates</source>
            <translation>Show &amp;coordinates</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Play</source>
            <translation>&amp;Play</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Analyze</source>
            <translation>&amp;Analyze</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Train</source>
            <translation>&amp;Train</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Library</source>
            <translation>&amp;Library</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="243" />
            <source>&amp;Help</source>
            <translation>&amp;Help</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="244" />
            <source>&amp;About XQZero Studio</source>
            <translation>&amp;About XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="263" />
            <location filename="../ui/main_window.cpp" line="269" />
            <location filename="../ui/main_window.cpp" line="275" />
            <source>Open PGN</source>
            <translation>Open PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="264" />
            <location filename="../ui/main_window.cpp" line="302" />
            <source>PGN files (*.pgn);;All files (*)</source>
            <translation>PGN files (*.pgn);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="270" />
            <source>Cannot read %1: %2</source>
            <translation>Cannot read %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="275" />
            <source>%1

File: %2</source>
            <translation>%1

File: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="284" />
            <location filename="../ui/main_window.cpp" line="291" />
            <source>Save PGN</source>
            <translation>Save PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="284" />
            <source>PGN files (*.pgn)</source>
            <translation>PGN files (*.pgn)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="292" />
            <source>Cannot write %1: %2</source>
            <translation>Cannot write %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="295" />
            <source>Saved %1</source>
            <translation>Saved %1</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="301" />
            <location filename="../ui/main_window.cpp" line="351" />
            <source>Import games</source>
            <translation>Import games</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="309" />
            <source>Importing games from %1…</source>
            <translation>Importing games from %1…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="318" />
            <source>Nothing was imported from %1:
%2</source>
            <translation>Nothing was imported from %1:
%2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="320" />
            <source>No game was found in %1.</source>
            <translation>No game was found in %1.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="322" />
            <source>%1 games read from %2: %3 imported into the Library, %4 rejected.</source>
            <translation>%1 games read from %2: %3 imported into the Library, %4 rejected.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="328" />
            <source>Rejected:</source>
            <translation>Rejected:</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="331" />
            <source>game %1 (line %2): %3</source>
            <translation>game %1 (line %2): %3</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="334" />
            <source>… and %1 more.</source>
            <translation>… and %1 more.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="339" />
            <source>Imported %1 games.</source>
            <translation>Imported %1 games.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="339" />
            <source>Import failed.</source>
            <translation>Import failed.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="359" />
            <source>FEN copied to the clipboard.</source>
            <translation>FEN copied to the clipboard.</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="383" />
            <source>About XQZero Studio</source>
            <translation>About XQZero Studio</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="384" />
            <source>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="456" />
            <source>Cannot write the screenshot to %1</source>
            <translation>Cannot write the screenshot to %1</translation>
        </message>
    </context>
    <context>
        <name>xqui::ModelChoice</name>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="164" />
            <source>%1 · gen %2</source>
            <translation>%1 · gen %2</translation>
        </message>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="165" />
            <source> (best)</source>
            <translation> (best)</translation>
        </message>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="166" />
            <source> (not accepted)</source>
            <translation> (not accepted)</translation>
        </message>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="167" />
            <source> · Elo %1</source>
            <translation> · Elo %1</translation>
        </message>
    </context>
    <context>
        <name>xqui::ModelPicker</name>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="67" />
            <source>Elo: the newest ladder rating (alpha-beta depth 1 = 0)</source>
            <translation>Elo: the newest ladder rating (alpha-beta depth 1 = 0)</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="80" />
            <source>Open model file…</source>
            <translation>Open model file…</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="101" />
            <source>Open model</source>
            <translation>Open model</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="101" />
            <source>Models (*.xqm);;All files (*)</source>
            <translation>Models (*.xqm);;All files (*)</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamForm</name>
        <message>
            <location filename="../ui/train/param_form.cpp" line="103" />
            <source>Choosing a preset fills in all the values below; edit any of them afterwards.</source>
            <translation>Choosing a preset fills in all the values below; edit any of them afterwards.</translation>
        </message>
        <message>
            <location filename="../ui/train/param_form.cpp" line="104" />
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamTexts</name>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="22" />
            <source>Channels</source>
            <translation>Channels</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="26" />
            <source>Convolution channels of the residual trunk</source>
            <translation>Convolution channels of the residual trunk</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="23" />
            <source>Residual blocks</source>
            <translation>Residual blocks</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="27" />
            <source>Residual blocks in the trunk</source>
            <translation>Residual blocks in the trunk</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="24" />
            <source>Policy head</source>
            <translation>Policy head</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="28" />
            <source>Policy head: 0 dense (a fully connected layer onto the 8100 moves), 1 bilinear (each move's logit from the features of its two squares)</source>
            <translation>Policy head: 0 dense (a fully connected layer onto the 8100 moves), 1 bilinear (each move's logit from the features of its two squares)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="26" />
            <source>Games per iteration</source>
            <translation>Games per iteration</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="31" />
            <source>Self-play games between two training phases</source>
            <translation>Self-play games between two training phases</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="27" />
            <source>Simulations</source>
            <translation>Simulations</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="32" />
            <source>MCTS simulations per self-play move</source>
            <translation>MCTS simulations per self-play move</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="28" />
            <source>Games in flight</source>
            <translation>Games in flight</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="38" />
            <source>Games searched at once per self-play thread (fills the network's batches)</source>
            <translation>Games searched at once per self-play thread (fills the network's batches)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="29" />
            <source>Search</source>
            <translation>Search</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="34" />
            <source>Self-play search: 0 PUCT (AlphaZero: visit counts as the policy target), 1 Gumbel (Gumbel AlphaZero: Sequential Halving among gumbel-considered root moves, the improved policy as the target; learns at few simulations)</source>
            <translation>Self-play search: 0 PUCT (AlphaZero: visit counts as the policy target), 1 Gumbel (Gumbel AlphaZero: Sequential Halving among gumbel-considered root moves, the improved policy as the target; learns at few simulations)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="31" />
            <source>Gumbel moves considered</source>
            <translation>Gumbel moves considered</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="35" />
            <source>Gumbel search: root moves Sequential Halving starts from</source>
            <translation>Gumbel search: root moves Sequential Halving starts from</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="33" />
            <source>c_puct</source>
            <translation>c_puct</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="39" />
            <source>PUCT exploration constant</source>
            <translation>PUCT exploration constant</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="34" />
            <source>Dirichlet alpha</source>
            <translation>Dirichlet alpha</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="40" />
            <source>Root Dirichlet noise alpha</source>
            <translation>Root Dirichlet noise alpha</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="35" />
            <source>Dirichlet epsilon</source>
            <translation>Dirichlet epsilon</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="41" />
            <source>Weight of the root noise</source>
            <translation>Weight of the root noise</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="36" />
            <source>Forced playouts</source>
            <translation>Forced playouts</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="42" />
            <source>Forced playouts k with policy target pruning in full self-play searches: each root move is searched at least sqrt(k x prior x visits) times, and those forced visits are taken out of the policy target (0 = off)</source>
            <translation>Forced playouts k with policy target pruning in full self-play searches: each root move is searched at least sqrt(k x prior x visits) times, and those forced visits are taken out of the policy target (0 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="37" />
            <source>Temperature plies</source>
            <translation>Temperature plies</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="43" />
            <source>Plies played with temperature 1 before choosing greedily</source>
            <translation>Plies played with temperature 1 before choosing greedily</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="38" />
            <source>Random opening plies</source>
            <translation>Random opening plies</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="44" />
            <source>Uniformly random plies at the start of each game</source>
            <translation>Uniformly random plies at the start of each game</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="39" />
            <source>Full-search share</source>
            <translation>Full-search share</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="45" />
            <source>Share of moves searched fully with noise and kept as policy targets; the rest get fast-simulations and are not trained on (playout-cap randomization; 1 = off)</source>
            <translation>Share of moves searched fully with noise and kept as policy targets; the rest get fast-simulations and are not trained on (playout-cap randomization; 1 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="40" />
            <source>Fast simulations</source>
            <translation>Fast simulations</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="46" />
            <source>MCTS simulations of the moves that are not searched fully</source>
            <translation>MCTS simulations of the moves that are not searched fully</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="43" />
            <source>Resign threshold</source>
            <translation>Resign threshold</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="49" />
            <source>Resign when the root value stays below this</source>
            <translation>Resign when the root value stays below this</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="44" />
            <source>Resign moves</source>
            <translation>Resign moves</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="50" />
            <source>Consecutive own moves below the threshold before resigning (0 = never)</source>
            <translation>Consecutive own moves below the threshold before resigning (0 = never)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="45" />
            <source>Resign playout fraction</source>
            <translation>Resign playout fraction</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="51" />
            <source>Fraction of games played out despite resignation (measures false resignations)</source>
            <translation>Fraction of games played out despite resignation (measures false resignations)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="46" />
            <source>Count reused visits</source>
            <translation>Count reused visits</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="37" />
            <source>Visits kept from the previous move's tree count toward the simulations (at least a quarter are new)</source>
            <translation>Visits kept from the previous move's tree count toward the simulations (at least a quarter are new)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="47" />
            <source>Maximum plies</source>
            <translation>Maximum plies</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="52" />
            <source>Length cap of a self-play game in plies</source>
            <translation>Length cap of a self-play game in plies</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="48" />
            <source>Adjudicate at the cap</source>
            <translation>Adjudicate at the cap</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="53" />
            <source>At the length cap, award the game on material instead of a draw</source>
            <translation>At the length cap, award the game on material instead of a draw</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="49" />
            <source>Mate search</source>
            <translation>Mate search</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="54" />
            <source>Moves of a forced mate by checks looked for at every root, self-play and gating (0 = off)</source>
            <translation>Moves of a forced mate by checks looked for at every root, self-play and gating (0 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="50" />
            <source>Leaf mate search</source>
            <translation>Leaf mate search</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="55" />
            <source>Moves of a forced mate by checks looked for at every leaf before the network (1 = mates in one only)</source>
            <translation>Moves of a forced mate by checks looked for at every leaf before the network (1 = mates in one only)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="51" />
            <source>Material win value</source>
            <translation>Material win value</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="56" />
            <source>Value target of a game won on material at the cap (a mate counts 1)</source>
            <translation>Value target of a game won on material at the cap (a mate counts 1)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="52" />
            <source>Material target weight</source>
            <translation>Material target weight</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="57" />
            <source>Weight of the material balance some plies later in the value target (0 = the game result alone)</source>
            <translation>Weight of the material balance some plies later in the value target (0 = the game result alone)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="53" />
            <source>Material target plies</source>
            <translation>Material target plies</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="58" />
            <source>Plies ahead at which the material balance of the value target is taken (capped at the game's end)</source>
            <translation>Plies ahead at which the material balance of the value target is taken (capped at the game's end)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="54" />
            <source>Resolve exchanges</source>
            <translation>Resolve exchanges</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="59" />
            <source>Take the material balance of the value target after playing out the captures in progress there</source>
            <translation>Take the material balance of the value target after playing out the captures in progress there</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="57" />
            <source>Legal-move policy loss</source>
            <translation>Legal-move policy loss</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="69" />
            <source>Policy loss over the legal moves only, as the search reads the priors (off: over all 8100 outputs)</source>
            <translation>Policy loss over the legal moves only, as the search reads the priors (off: over all 8100 outputs)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="58" />
            <source>Buffer capacity</source>
            <translation>Buffer capacity</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="63" />
            <source>Replay buffer size in positions</source>
            <translation>Replay buffer size in positions</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="59" />
            <source>Minimum window</source>
            <translation>Minimum window</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="64" />
            <source>Training window: all positions up to this many, then it grows sublinearly (window-exponent)</source>
            <translation>Training window: all positions up to this many, then it grows sublinearly (window-exponent)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="60" />
            <source>Window exponent</source>
            <translation>Window exponent</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="65" />
            <source>Power of the positions generated at which the training window grows past window-min</source>
            <translation>Power of the positions generated at which the training window grows past window-min</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="61" />
            <source>Window growth</source>
            <translation>Window growth</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="66" />
            <source>Growth rate of the training window past window-min</source>
            <translation>Growth rate of the training window past window-min</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="62" />
            <source>Training ratio</source>
            <translation>Training ratio</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="67" />
            <source>Samples trained per sample generated by self-play (0 = steps-per-iteration steps after each self-play phase)</source>
            <translation>Samples trained per sample generated by self-play (0 = steps-per-iteration steps after each self-play phase)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="63" />
            <source>Concurrent training</source>
            <translation>Concurrent training</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="68" />
            <source>Train while self-play goes on, publishing every games-per-iteration games (for a GPU; needs gate 0)</source>
            <translation>Train while self-play goes on, publishing every games-per-iteration games (for a GPU; needs gate 0)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="64" />
            <source>Batch size</source>
            <translation>Batch size</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="70" />
            <source>Positions per training step</source>
            <translation>Positions per training step</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="65" />
            <source>Steps per iteration</source>
            <translation>Steps per iteration</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="71" />
            <source>Training steps after each self-play phase when train-ratio is 0</source>
            <translation>Training steps after each self-play phase when train-ratio is 0</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="69" />
            <source>LR decay over the time limit</source>
            <translation>LR decay over the time limit</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="29" />
            <source>Input planes: 0 basic (pieces, side, repetition, progress), 1 tactical (also the squares each side reaches, the pieces that hang, check, and the material once the captures on the board are played out)</source>
            <translation>Input planes: 0 basic (pieces, side, repetition, progress), 1 tactical (also the squares each side reaches, the pieces that hang, check, and the material once the captures on the board are played out)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="33" />
            <source>Progressive simulations: the self-play budget rises linearly from simulations to this over the learning-rate schedule (0 = fixed)</source>
            <translation>Progressive simulations: the self-play budget rises linearly from simulations to this over the learning-rate schedule (0 = fixed)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="36" />
            <source>Gumbel search: weight of the search's Q in the policy target and the root's choice, sigma(q) = (50 + max visits) x this x q with q rescaled to [0, 1] (mctx: 0.1)</source>
            <translation>Gumbel search: weight of the search's Q in the policy target and the root's choice, sigma(q) = (50 + max visits) x this x q with q rescaled to [0, 1] (mctx: 0.1)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="47" />
            <source>Unsettled roots: a full search whose best move's value differs from the network's value of the position by at least unsettled-value-change is searched again with this many times its simulations before the move is played (0 = off)</source>
            <translation>Unsettled roots: a full search whose best move's value differs from the network's value of the position by at least unsettled-value-change is searched again with this many times its simulations before the move is played (0 = off)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="48" />
            <source>Unsettled roots: the difference between the search's value of its best move and the network's value of the position that counts as unsettled</source>
            <translation>Unsettled roots: the difference between the search's value of its best move and the network's value of the position that counts as unsettled</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="60" />
            <source>Weight of the search's root value in the value target, blended with the result and material target (0 = those alone)</source>
            <translation>Weight of the search's root value in the value target, blended with the result and material target (0 = those alone)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="61" />
            <source>Share of the training draws weighted by policy surprise: a position is drawn in proportion to (1 - share) + share x its surprise / the mean (0 = uniform)</source>
            <translation>Share of the training draws weighted by policy surprise: a position is drawn in proportion to (1 - share) + share x its surprise / the mean (0 = uniform)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="75" />
            <source>With a time limit (--minutes), the schedules (learning rate, simulations-end) run over the minutes the run has trained plus this session's limit instead of lr-decay-steps; paused time does not count</source>
            <translation>With a time limit (--minutes), the schedules (learning rate, simulations-end) run over the minutes the run has trained plus this session's limit instead of lr-decay-steps; paused time does not count</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="78" />
            <source>Weight of an auxiliary training loss that predicts the opponent's next move from the same trunk (0 = none; the published network is unchanged)</source>
            <translation>Weight of an auxiliary training loss that predicts the opponent's next move from the same trunk (0 = none; the published network is unchanged)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="79" />
            <source>Publish each generation as the moving average of the trained weights over about this many steps (0 = the trained weights)</source>
            <translation>Publish each generation as the moving average of the trained weights over about this many steps (0 = the trained weights)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="84" />
            <source>Start from games: training steps on the moves played in the games before self-play begins</source>
            <translation>Start from games: training steps on the moves played in the games before self-play begins</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="85" />
            <source>Start from games: share of the games kept out of that training to measure its move accuracy and value loss</source>
            <translation>Start from games: share of the games kept out of that training to measure its move accuracy and value loss</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="86" />
            <source>Start from games: weight of a game's result in the value target of its positions (a master game's result says little about its opening)</source>
            <translation>Start from games: weight of a game's result in the value target of its positions (a master game's result says little about its opening)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="87" />
            <source>Share of each training batch drawn from the games the run started from (0 = self-play positions only)</source>
            <translation>Share of each training batch drawn from the games the run started from (0 = self-play positions only)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="90" />
            <source>Gating games, candidate against the best (half as Red): the match of gate 1, the most an SPRT plays</source>
            <translation>Gating games, candidate against the best (half as Red): the match of gate 1, the most an SPRT plays</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="92" />
            <source>Score the candidate must exceed to become the best (gate 1; 0 accepts every candidate)</source>
            <translation>Score the candidate must exceed to become the best (gate 1; 0 accepts every candidate)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="86" />
            <source>SPRT Elo gain</source>
            <translation>SPRT Elo gain</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="93" />
            <source>Elo gain the SPRT gate tests for against 0 (gate 2)</source>
            <translation>Elo gain the SPRT gate tests for against 0 (gate 2)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="87" />
            <source>SPRT alpha</source>
            <translation>SPRT alpha</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="94" />
            <source>SPRT gate: chance of accepting a candidate no stronger than the best</source>
            <translation>SPRT gate: chance of accepting a candidate no stronger than the best</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="88" />
            <source>SPRT beta</source>
            <translation>SPRT beta</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="95" />
            <source>SPRT gate: chance of rejecting a candidate sprt-elo1 stronger</source>
            <translation>SPRT gate: chance of rejecting a candidate sprt-elo1 stronger</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="89" />
            <source>Ladder interval (minutes)</source>
            <translation>Ladder interval (minutes)</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="97" />
            <source>Rate the newest generation on the Elo ladder (random, alpha-beta 1-3) every this many minutes while training (0 = off)</source>
            <translation>Rate the newest generation on the Elo ladder (random, alpha-beta 1-3) every this many minutes while training (0 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="90" />
            <source>Ladder games per rung</source>
            <translation>Ladder games per rung</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="98" />
            <source>Games per ladder rung in those ratings</source>
            <translation>Games per ladder rung in those ratings</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="91" />
            <source>Ladder simulations</source>
            <translation>Ladder simulations</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="99" />
            <source>MCTS simulations per move of the rated network</source>
            <translation>MCTS simulations per move of the rated network</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="66" />
            <source>Learning rate</source>
            <translation>Learning rate</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="72" />
            <source>Adam learning rate</source>
            <translation>Adam learning rate</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="67" />
            <source>LR schedule</source>
            <translation>LR schedule</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="73" />
            <source>Learning-rate schedule: 0 constant, 1 cosine, 2 step</source>
            <translation>Learning-rate schedule: 0 constant, 1 cosine, 2 step</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="68" />
            <source>LR decay steps</source>
            <translation>LR decay steps</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="74" />
            <source>Steps over which the schedule decays</source>
            <translation>Steps over which the schedule decays</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="70" />
            <source>Weight decay</source>
            <translation>Weight decay</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="76" />
            <source>L2 regularisation</source>
            <translation>L2 regularisation</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="71" />
            <source>Gradient clip</source>
            <translation>Gradient clip</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="77" />
            <source>Gradient norm clip (0 = off)</source>
            <translation>Gradient norm clip (0 = off)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="74" />
            <source>Minimum buffer</source>
            <translation>Minimum buffer</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="80" />
            <source>Positions needed in the buffer before training starts</source>
            <translation>Positions needed in the buffer before training starts</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="75" />
            <source>Held-out share</source>
            <translation>Held-out share</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="81" />
            <source>Share of self-play games kept out of training to measure the held-out loss (0 = none)</source>
            <translation>Share of self-play games kept out of training to measure the held-out loss (0 = none)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="76" />
            <source>Validation interval</source>
            <translation>Validation interval</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="82" />
            <source>Training steps between two held-out loss checks</source>
            <translation>Training steps between two held-out loss checks</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="77" />
            <source>Early-stop checks</source>
            <translation>Early-stop checks</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="83" />
            <source>End a training phase after this many held-out checks without a lower value loss; the best weights become the candidate (0 = train every step)</source>
            <translation>End a training phase after this many held-out checks without a lower value loss; the best weights become the candidate (0 = train every step)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="82" />
            <source>Gate</source>
            <translation>Gate</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="89" />
            <source>Gating: 0 none (self-play plays the newest weights), 1 a fixed match of eval-games, 2 an SPRT of at most eval-games</source>
            <translation>Gating: 0 none (self-play plays the newest weights), 1 a fixed match of eval-games, 2 an SPRT of at most eval-games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="83" />
            <source>Evaluation games</source>
            <translation>Evaluation games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="84" />
            <source>Evaluation simulations</source>
            <translation>Evaluation simulations</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="91" />
            <source>MCTS simulations per move in gating games</source>
            <translation>MCTS simulations per move in gating games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="85" />
            <source>Gate threshold</source>
            <translation>Gate threshold</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="92" />
            <source>Search threads</source>
            <translation>Search threads</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="100" />
            <source>Self-play search threads</source>
            <translation>Self-play search threads</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="93" />
            <source>Inference threads</source>
            <translation>Inference threads</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="101" />
            <source>Intra-op threads of the network's inference thread</source>
            <translation>Intra-op threads of the network's inference thread</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="94" />
            <source>Inference workers</source>
            <translation>Inference workers</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="102" />
            <source>Inference threads, each with its own copy of the network (one per core on a CPU)</source>
            <translation>Inference threads, each with its own copy of the network (one per core on a CPU)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="95" />
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="103" />
            <source>Random seed of the run</source>
            <translation>Random seed of the run</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="25" />
            <source>Input planes</source>
            <translation>Input planes</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="30" />
            <source>Simulations at the end (progressive)</source>
            <translation>Simulations at the end (progressive)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="32" />
            <source>Gumbel Q scale</source>
            <translation>Gumbel Q scale</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="41" />
            <source>Unsettled roots: extra search</source>
            <translation>Unsettled roots: extra search</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="42" />
            <source>Unsettled roots: value change</source>
            <translation>Unsettled roots: value change</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="55" />
            <source>Search value weight</source>
            <translation>Search value weight</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="56" />
            <source>Policy surprise weighting</source>
            <translation>Policy surprise weighting</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="72" />
            <source>Opponent reply loss weight</source>
            <translation>Opponent reply loss weight</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="73" />
            <source>Weight averaging (steps)</source>
            <translation>Weight averaging (steps)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="78" />
            <source>Steps on the start games</source>
            <translation>Steps on the start games</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="79" />
            <source>Start games held out</source>
            <translation>Start games held out</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="80" />
            <source>Start games' result weight</source>
            <translation>Start games' result weight</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="81" />
            <source>Start games in later batches</source>
            <translation>Start games in later batches</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="99" />
            <source>Network</source>
            <translation>Network</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="100" />
            <source>Self-play</source>
            <translation>Self-play</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="101" />
            <source>Training</source>
            <translation>Training</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="102" />
            <source>Evaluation</source>
            <translation>Evaluation</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="103" />
            <source>Machine</source>
            <translation>Machine</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="107" />
            <source>Dense</source>
            <translation>Dense</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="108" />
            <source>Bilinear</source>
            <translation>Bilinear</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="109" />
            <source>Basic</source>
            <translation>Basic</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="110" />
            <source>Tactical</source>
            <translation>Tactical</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="111" />
            <source>PUCT</source>
            <translation>PUCT</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="112" />
            <source>Gumbel</source>
            <translation>Gumbel</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="113" />
            <source>Constant</source>
            <translation>Constant</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="114" />
            <source>Cosine</source>
            <translation>Cosine</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="115" />
            <source>Steps (x0.1 a third)</source>
            <translation>Steps (x0.1 a third)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="116" />
            <source>None</source>
            <translation>None</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="117" />
            <source>Fixed match</source>
            <translation>Fixed match</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="118" />
            <source>SPRT</source>
            <translation>SPRT</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="122" />
            <source>Quick (64×3, minutes per iteration)</source>
            <translation>Quick (64×3, minutes per iteration)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="123" />
            <source>Standard (128×6)</source>
            <translation>Standard (128×6)</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="124" />
            <source>Full (256×10)</source>
            <translation>Full (256×10)</translation>
        </message>
    </context>
    <context>
        <name>xqui::PlayPage</name>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="34" />
            <source>The levels now play with %1.</source>
            <translation>The levels now play with %1.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="35" />
            <source>No model: the levels play alpha-beta.</source>
            <translation>No model: the levels play alpha-beta.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="246" />
            <source>Game</source>
            <translation>Game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="247" />
            <source>Red (moves first)</source>
            <translation>Red (moves first)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="248" />
            <location filename="../ui/pages/play_page.cpp" line="275" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="250" />
            <source>No model (alpha-beta)</source>
            <translation>No model (alpha-beta)</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="251" />
            <source>The network the levels play with: a generation of a training run, or a model file</source>
            <translation>The network the levels play with: a generation of a training run, or a model file</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="252" />
            <source>Play as:</source>
            <translation>Play as:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="254" />
            <source>Model:</source>
            <translation>Model:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="253" />
            <source>Level:</source>
            <translation>Level:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="255" />
            <source>New game</source>
            <translation>New game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="256" />
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="257" />
            <source>Hint</source>
            <translation>Hint</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="258" />
            <source>Resign</source>
            <translation>Resign</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="259" />
            <source>Flip board</source>
            <translation>Flip board</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="260" />
            <source>Review this game</source>
            <translation>Review this game</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="261" />
            <source>Open the game in the Library and search every position with the chosen model: each move's loss, its marks, the best moves</source>
            <translation>Open the game in the Library and search every position with the chosen model: each move's loss, its marks, the best moves</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="263" />
            <source>Analyze this position</source>
            <translation>Analyze this position</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="264" />
            <source>Open the position on the board, with the moves that led to it, on the Analyze page</source>
            <translation>Open the position on the board, with the moves that led to it, on the Analyze page</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="265" />
            <source>Take back the computer's move and yours</source>
            <translation>Take back the computer's move and yours</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="266" />
            <source>Show the engine's suggestion as an arrow</source>
            <translation>Show the engine's suggestion as an arrow</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="267" />
            <source>Move now</source>
            <translation>Move now</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="268" />
            <source>Let the computer play its best move found so far</source>
            <translation>Let the computer play its best move found so far</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="269" />
            <source>Show the search while the computer thinks</source>
            <translation>Show the search while the computer thinks</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="270" />
            <source>The MCTS levels' visits per target square as a heatmap, and the root value</source>
            <translation>The MCTS levels' visits per target square as a heatmap, and the root value</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="271" />
            <source>Chinese</source>
            <translation>Chinese</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="272" />
            <source>WXF</source>
            <translation>WXF</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="273" />
            <source>ICCS</source>
            <translation>ICCS</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="274" />
            <source>Moves:</source>
            <translation>Moves:</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="275" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="294" />
            <source>The levels play with this network: Beginner samples its policy, Amateur and Advanced search with MCTS.</source>
            <translation>The levels play with this network: Beginner samples its policy, Amateur and Advanced search with MCTS.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="296" />
            <source>No model: the levels play alpha-beta. Train one on the Train page, or open a model file.</source>
            <translation>No model: the levels play alpha-beta. Train one on the Train page, or open a model file.</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="372" />
            <source>Hint: %1</source>
            <translation>Hint: %1</translation>
        </message>
    </context>
    <context>
        <name>xqui::PlaySession</name>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="20" />
            <source>checkmate</source>
            <translation>checkmate</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="21" />
            <source>no legal move (stalemate loses)</source>
            <translation>no legal move (stalemate loses)</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="22" />
            <source>perpetual check loses</source>
            <translation>perpetual check loses</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="23" />
            <source>threefold repetition</source>
            <translation>threefold repetition</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="25" />
            <source>60-move rule (120 plies without a capture)</source>
            <translation>60-move rule (120 plies without a capture)</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="26" />
            <source>neither side can attack</source>
            <translation>neither side can attack</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="27" />
            <source>game length limit</source>
            <translation>game length limit</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="28" />
            <source>resignation</source>
            <translation>resignation</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="29" />
            <source>adjudication</source>
            <translation>adjudication</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="30" />
            <source>perpetual chase loses</source>
            <translation>perpetual chase loses</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="39" />
            <source>red king</source>
            <translation>red king</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="40" />
            <source>red advisor</source>
            <translation>red advisor</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="41" />
            <source>red elephant</source>
            <translation>red elephant</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="42" />
            <source>red horse</source>
            <translation>red horse</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="43" />
            <source>red rook</source>
            <translation>red rook</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="44" />
            <source>red cannon</source>
            <translation>red cannon</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="45" />
            <source>red pawn</source>
            <translation>red pawn</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="47" />
            <source>black king</source>
            <translation>black king</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="48" />
            <source>black advisor</source>
            <translation>black advisor</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="49" />
            <source>black elephant</source>
            <translation>black elephant</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="50" />
            <source>black horse</source>
            <translation>black horse</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="51" />
            <source>black rook</source>
            <translation>black rook</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="52" />
            <source>black cannon</source>
            <translation>black cannon</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="53" />
            <source>black pawn</source>
            <translation>black pawn</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="94" />
            <source>New game: you play %1 against %2.</source>
            <translation>New game: you play %1 against %2.</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="95" />
            <location filename="../ui/facade/play_session.cpp" line="336" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="95" />
            <location filename="../ui/facade/play_session.cpp" line="336" />
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="102" />
            <source>This FEN was not loaded, the game is unchanged: %1</source>
            <translation>This FEN was not loaded, the game is unchanged: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="108" />
            <source>Position set from FEN.</source>
            <translation>Position set from FEN.</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="115" />
            <source>Not a readable Xiangqi PGN, the game is unchanged: %1</source>
            <translation>Not a readable Xiangqi PGN, the game is unchanged: %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/facade/play_session.cpp" line="127" />
            <source>Loaded a game of %n move(s).</source>
            <translation>
                <numerusform>Loaded a game of %n move.</numerusform>
                <numerusform>Loaded a game of %n moves.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="161" />
            <source>Looking for a hint…</source>
            <translation>Looking for a hint…</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="232" />
            <source>The computer could not move: %1</source>
            <translation>The computer could not move: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="239" />
            <source>The computer returned no legal move.</source>
            <translation>The computer returned no legal move.</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="250" />
            <source>No hint: %1</source>
            <translation>No hint: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="259" />
            <source>mate in %1</source>
            <translation>mate in %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="261" />
            <source>Thinking… depth %1, score %2, %3 nodes</source>
            <translation>Thinking… depth %1, score %2, %3 nodes</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="279" />
            <source>The game was not saved to the database %1: %2</source>
            <translation>The game was not saved to the database %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="288" />
            <source>The game was saved to the library (%1).</source>
            <translation>The game was saved to the library (%1).</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="330" />
            <source>Draw</source>
            <translation>Draw</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="331" />
            <source>Red wins</source>
            <translation>Red wins</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="332" />
            <source>Black wins</source>
            <translation>Black wins</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="337" />
            <source>%1 — %2 loses: perpetual chase of the %3</source>
            <translation>%1 — %2 loses: perpetual chase of the %3</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="340" />
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="349" />
            <source>%1 is thinking…</source>
            <translation>%1 is thinking…</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="354" />
            <source>%1 is thinking… %2 visits, value for the computer %3</source>
            <translation>%1 is thinking… %2 visits, value for the computer %3</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="362" />
            <source>Computer (%1)</source>
            <translation>Computer (%1)</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="363" />
            <source>XQZero Studio game</source>
            <translation>XQZero Studio game</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="365" />
            <location filename="../ui/facade/play_session.cpp" line="366" />
            <source>Human</source>
            <translation>Human</translation>
        </message>
    </context>
    <context>
        <name>xqui::ReviewGraph</name>
        <message>
            <location filename="../ui/library/review_graph.cpp" line="63" />
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <location filename="../ui/library/review_graph.cpp" line="64" />
            <source>Red's win chance after each move, as the review's searches saw it; dots mark inaccuracies (yellow), mistakes (orange) and blunders (red). Click to go to a move.</source>
            <translation>Red's win chance after each move, as the review's searches saw it; dots mark inaccuracies (yellow), mistakes (orange) and blunders (red). Click to go to a move.</translation>
        </message>
    </context>
    <context>
        <name>xqui::SettingsDialog</name>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="26" />
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="29" />
            <source>System language</source>
            <translation>System language</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="34" />
            <source>Chinese (炮二平五)</source>
            <translation>Chinese (炮二平五)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="35" />
            <source>WXF (C2.5)</source>
            <translation>WXF (C2.5)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="36" />
            <source>ICCS (h2e2)</source>
            <translation>ICCS (h2e2)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="38" />
            <source>Show coordinates around the board</source>
            <translation>Show coordinates around the board</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="49" />
            <source>Finished games are stored here and the Library shows them: a file, or a PostgreSQL URI (postgresql://user@host/database). Empty: %1</source>
            <translation>Finished games are stored here and the Library shows them: a file, or a PostgreSQL URI (postgresql://user@host/database). Empty: %1</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="52" />
            <source>Choose…</source>
            <translation>Choose…</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="56" />
            <source>Games database</source>
            <translation>Games database</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="57" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero databases (*.db);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="66" />
            <source>Language:</source>
            <translation>Language:</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="67" />
            <source>Move notation:</source>
            <translation>Move notation:</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="69" />
            <source>Games database:</source>
            <translation>Games database:</translation>
        </message>
    </context>
    <context>
        <name>xqui::StudioFacade</name>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="274" />
            <source>random legal moves</source>
            <translation>random legal moves</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="276" />
            <source>one network call, a sample of its policy</source>
            <translation>one network call, a sample of its policy</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="276" />
            <source>alpha-beta, depth 1, with noise</source>
            <translation>alpha-beta, depth 1, with noise</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="278" />
            <location filename="../ui/facade/studio_facade.cpp" line="280" />
            <source>MCTS, %1 simulations</source>
            <translation>MCTS, %1 simulations</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="278" />
            <source>alpha-beta, depth 3, with a little noise</source>
            <translation>alpha-beta, depth 3, with a little noise</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="280" />
            <source>alpha-beta, depth 5</source>
            <translation>alpha-beta, depth 5</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="287" />
            <source>Random</source>
            <translation>Random</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="288" />
            <source>Beginner</source>
            <translation>Beginner</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="289" />
            <source>Amateur</source>
            <translation>Amateur</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="290" />
            <source>Advanced</source>
            <translation>Advanced</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainCharts</name>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="156" />
            <source>Loss</source>
            <translation>Loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="157" />
            <source>training step</source>
            <translation>training step</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="158" />
            <source>policy / total loss</source>
            <translation>policy / total loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="159" />
            <source>value loss</source>
            <translation>value loss</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>policy</source>
            <translation>policy</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>value</source>
            <translation>value</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>total</source>
            <translation>total</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>opponent reply</source>
            <translation>opponent reply</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="162" />
            <source>held-out value</source>
            <translation>held-out value</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="163" />
            <source>vs positions</source>
            <translation>vs positions</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="164" />
            <source>vs minutes</source>
            <translation>vs minutes</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="166" />
            <source>Plot the ladder ratings against the self-play positions generated, or against the minutes of training, when each generation was published.</source>
            <translation>Plot the ladder ratings against the self-play positions generated, or against the minutes of training, when each generation was published.</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="343" />
            <source>Ladder rating</source>
            <translation>Ladder rating</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="344" />
            <source>Elo (alpha-beta depth 1 = 0)</source>
            <translation>Elo (alpha-beta depth 1 = 0)</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="346" />
            <source>self-play positions</source>
            <translation>self-play positions</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="349" />
            <source>training minutes</source>
            <translation>training minutes</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="353" />
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="354" />
            <source>self-Elo vs generation 0 (gated run)</source>
            <translation>self-Elo vs generation 0 (gated run)</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="355" />
            <source>generation</source>
            <translation>generation</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="169" />
            <source>Self-play speed</source>
            <translation>Self-play speed</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="170" />
            <source>time</source>
            <translation>time</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="171" />
            <source>games per hour</source>
            <translation>games per hour</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainPage</name>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="75" />
            <location filename="../ui/pages/train_page.cpp" line="76" />
            <source>Training failed: %1</source>
            <translation>Training failed: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="297" />
            <source>Run</source>
            <translation>Run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="298" />
            <source>Choose…</source>
            <translation>Choose…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="299" />
            <source>Choose or create the database the runs are stored in.</source>
            <translation>Choose or create the database the runs are stored in.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="304" />
            <source>Database</source>
            <translation>Database</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="321" />
            <source>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</source>
            <translation>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="319" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="308" />
            <source>LibTorch calls the reference BLAS (%1): self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</source>
            <translation>LibTorch calls the reference BLAS (%1): self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="314" />
            <source>LibTorch calls the single-threaded OpenBLAS (%1), which is not safe for two threads at once, so the network runs on one thread at a time: self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</source>
            <translation>LibTorch calls the single-threaded OpenBLAS (%1), which is not safe for two threads at once, so the network runs on one thread at a time: self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Earlier run</source>
            <translation>Earlier run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Gen.</source>
            <translation>Gen.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Steps</source>
            <translation>Steps</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Created</source>
            <translation>Created</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="327" />
            <source>Continue run</source>
            <translation>Continue run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="182" />
            <source>Resume the selected run from its last checkpoint, with its stored settings.</source>
            <translation>Resume the selected run from its last checkpoint, with its stored settings.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="328" />
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="329" />
            <source>Settings for a new run</source>
            <translation>Settings for a new run</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="331" />
            <source>Start</source>
            <translation>Start</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="172" />
            <source>Start a new run with the name and settings on the left.</source>
            <translation>Start a new run with the name and settings on the left.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="332" />
            <source>Pause</source>
            <translation>Pause</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="333" />
            <source>Hold after the moves in flight; nothing is lost.</source>
            <translation>Hold after the moves in flight; nothing is lost.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="334" />
            <source>Resume</source>
            <translation>Resume</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="335" />
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="336" />
            <source>Stop at the next checkpoint; the run can be continued later.</source>
            <translation>Stop at the next checkpoint; the run can be continued later.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="337" />
            <source>Replay last game</source>
            <translation>Replay last game</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="339" />
            <source>Open the last finished self-play game in the Library, with the search's visits at each move.</source>
            <translation>Open the last finished self-play game in the Library, with the search's visits at each move.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="341" />
            <source>Play against it</source>
            <translation>Play against it</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="342" />
            <source>Play against generation %1</source>
            <translation>Play against generation %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="343" />
            <source>Play the newest generation of this run on the Play page.</source>
            <translation>Play the newest generation of this run on the Play page.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="344" />
            <source>Reset zoom</source>
            <translation>Reset zoom</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="345" />
            <source>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</source>
            <translation>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="347" />
            <source>Events of the training loop appear here.</source>
            <translation>Events of the training loop appear here.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="330" />
            <source>Self-play now</source>
            <translation>Self-play now</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="300" />
            <source>PostgreSQL…</source>
            <translation>PostgreSQL…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="302" />
            <source>Watch the runs of a shared PostgreSQL database (workers and trainers on other hosts), read-only.</source>
            <translation>Watch the runs of a shared PostgreSQL database (workers and trainers on other hosts), read-only.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="325" />
            <source>Trained by</source>
            <translation>Trained by</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="378" />
            <source>Start from</source>
            <translation>Start from</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="380" />
            <source>What the new run's generation 0 learns before self-play: nothing (a random network), or the moves played in a collection of games (a share held out to measure it). The steps and the held-out share are settings of the run.</source>
            <translation>What the new run's generation 0 learns before self-play: nothing (a random network), or the moves played in a collection of games (a share held out to measure it). The steps and the held-out share are settings of the run.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="384" />
            <source>A random network</source>
            <translation>A random network</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="385" />
            <source>Master games (not installed)</source>
            <translation>Master games (not installed)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="386" />
            <source>Master games (1,125 tournament games, bundled)</source>
            <translation>Master games (1,125 tournament games, bundled)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="390" />
            <source>The games imported into the Library</source>
            <translation>The games imported into the Library</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="392" />
            <source>A PGN file…</source>
            <translation>A PGN file…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="393" />
            <source>PGN file: %1</source>
            <translation>PGN file: %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="400" />
            <source>Games to start from</source>
            <translation>Games to start from</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="401" />
            <source>PGN games (*.pgn);;All files (*)</source>
            <translation>PGN games (*.pgn);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="71" />
            <source>Training database</source>
            <translation>Training database</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="72" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero databases (*.db);;All files (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="85" />
            <location filename="../ui/pages/train_page_runs.cpp" line="94" />
            <source>PostgreSQL database</source>
            <translation>PostgreSQL database</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="86" />
            <source>Connection URI, e.g. postgresql://xq@dbhost/xqzero (a password is best kept in ~/.pgpass):</source>
            <translation>Connection URI, e.g. postgresql://xq@dbhost/xqzero (a password is best kept in ~/.pgpass):</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="95" />
            <source>“%1” is not a PostgreSQL URI: it must start with postgresql:// or postgres://.</source>
            <translation>“%1” is not a PostgreSQL URI: it must start with postgresql:// or postgres://.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="126" />
            <source>pid %1 on %2 since %3</source>
            <translation>pid %1 on %2 since %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="138" />
            <source>Being trained by %1</source>
            <translation>Being trained by %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="144" />
            <source>Cannot read the runs of %1: %2</source>
            <translation>Cannot read the runs of %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="220" />
            <source>Cannot read the history of run %1: %2</source>
            <translation>Cannot read the history of run %1: %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="65" />
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="66" />
            <source>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</source>
            <translation>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="106" />
            <source>Continuing run %1.</source>
            <translation>Continuing run %1.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="107" />
            <source>Starting run %1 (%2 preset).</source>
            <translation>Starting run %1 (%2 preset).</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="127" />
            <source>Paused; training holds after the moves in flight.</source>
            <translation>Paused; training holds after the moves in flight.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="128" />
            <source>Stopping at the next checkpoint…</source>
            <translation>Stopping at the next checkpoint…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="169" />
            <source>This PostgreSQL database is watched read-only: train it with xqzero train --role trainer and xqzero worker.</source>
            <translation>This PostgreSQL database is watched read-only: train it with xqzero train --role trainer and xqzero worker.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="176" />
            <source>This run's name cannot name a model folder, so it is not continued; rename it with: xqzero db rename-run -- OLD NEW</source>
            <translation>This run's name cannot name a model folder, so it is not continued; rename it with: xqzero db rename-run -- OLD NEW</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="179" />
            <source>This run is being trained by %1; it can be continued once that process stops.</source>
            <translation>This run is being trained by %1; it can be continued once that process stops.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="226" />
            <source>Ladder: generation %1 rated %2 Elo [%3, %4] (alpha-beta depth 1 = 0).</source>
            <translation>Ladder: generation %1 rated %2 Elo [%3, %4] (alpha-beta depth 1 = 0).</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="237" />
            <source>Run %1 ended.</source>
            <translation>Run %1 ended.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="249" />
            <source>Training stopped.</source>
            <translation>Training stopped.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="268" />
            <source>Training is running</source>
            <translation>Training is running</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="269" />
            <source>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</source>
            <translation>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="277" />
            <source>Stopping training at the next checkpoint, then closing…</source>
            <translation>Stopping training at the next checkpoint, then closing…</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainStatus</name>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Generation:</source>
            <translation>Generation:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Games:</source>
            <translation>Games:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Games/hour:</source>
            <translation>Games/hour:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Positions/s:</source>
            <translation>Positions/s:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Step:</source>
            <translation>Step:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Buffer:</source>
            <translation>Buffer:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Stage:</source>
            <translation>Stage:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>ETA:</source>
            <translation>ETA:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Samples/s:</source>
            <translation>Samples/s:</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="89" />
            <source>empty</source>
            <translation>empty</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="98" />
            <source>%1 (%2 in flight)</source>
            <translation>%1 (%2 in flight)</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="101" />
            <source>%1 (%2 moves)</source>
            <translation>%1 (%2 moves)</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="106" />
            <source>%1 of %2 positions</source>
            <translation>%1 of %2 positions</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="109" />
            <source>%1 / %2 self-play games</source>
            <translation>%1 / %2 self-play games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="110" />
            <source>%1 / %2 training steps</source>
            <translation>%1 / %2 training steps</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="111" />
            <source>%1 / %2 steps on the start games</source>
            <translation>%1 / %2 steps on the start games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="112" />
            <source>%1 / %2 evaluation games</source>
            <translation>%1 / %2 evaluation games</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="113" />
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="122" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="124" />
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="125" />
            <source>%1 h %2 min</source>
            <translation>%1 h %2 min</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainingSession</name>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="194" />
            <source>An unexpected error occurred.</source>
            <translation>An unexpected error occurred.</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="293" />
            <source>Ladder: %1</source>
            <translation>Ladder: %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="346" />
            <source>Ladder: rating the last generation…</source>
            <translation>Ladder: rating the last generation…</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="444" />
            <source>idle</source>
            <translation>idle</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="446" />
            <source>self-play</source>
            <translation>self-play</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="448" />
            <source>training</source>
            <translation>training</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="450" />
            <source>evaluating</source>
            <translation>evaluating</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="452" />
            <source>paused</source>
            <translation>paused</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="454" />
            <source>stopping</source>
            <translation>stopping</translation>
        </message>
    </context>
    <context>
        <name>xqui::WorkersModel</name>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="31" />
            <source>live</source>
            <translation>live</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="33" />
            <source>silent</source>
            <translation>silent</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="35" />
            <source>stopped</source>
            <translation>stopped</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="69" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="71" />
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="73" />
            <source>%1 h %2 min</source>
            <translation>%1 h %2 min</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="74" />
            <source>%1 d</source>
            <translation>%1 d</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="142" />
            <source>%1 games, %2 positions</source>
            <translation>%1 games, %2 positions</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="145" />
            <source>Last heartbeat at %1</source>
            <translation>Last heartbeat at %1</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="149" />
            <source>Games since it started at %1, per hour</source>
            <translation>Games since it started at %1, per hour</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="154" />
            <source>Running, but no heartbeat for %1 s or more: the process may have died or lost its connection.</source>
            <translation>Running, but no heartbeat for %1 s or more: the process may have died or lost its connection.</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="167" />
            <source>Host</source>
            <translation>Host</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="169" />
            <source>PID</source>
            <translation>PID</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="171" />
            <source>Threads</source>
            <translation>Threads</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="173" />
            <source>Generation</source>
            <translation>Generation</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="175" />
            <source>Games</source>
            <translation>Games</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="177" />
            <source>Games/hour</source>
            <translation>Games/hour</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="179" />
            <source>Last heartbeat</source>
            <translation>Last heartbeat</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="181" />
            <source>State</source>
            <translation>State</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="288" />
            <source>Workers: %1 live, %2 silent, %3 stopped</source>
            <translation>Workers: %1 live, %2 silent, %3 stopped</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="289" />
            <source>cannot read them: %1</source>
            <translation>cannot read them: %1</translation>
        </message>
    </context>
</TS>
