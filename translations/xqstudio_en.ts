<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>Board</name>
        <message>
            <source>Chu River</source>
            <translation>Chu River</translation>
        </message>
        <message>
            <source>Han Border</source>
            <translation>Han Border</translation>
        </message>
    </context>
    <context>
        <name>BoardWidget</name>
        <message>
            <source>Xiangqi board</source>
            <translation>Xiangqi board</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>XQZero Studio</source>
            <translation>XQZero Studio</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Play</translation>
        </message>
        <message>
            <source>Analyze</source>
            <translation>Analyze</translation>
        </message>
        <message>
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <source>Library</source>
            <translation>Library</translation>
        </message>
        <message>
            <source>Coming in the next release: set up any position and watch the network think — visit counts and win rates as a heatmap, the best lines as arrows.</source>
            <translation>Coming in the next release: set up any position and watch the network think — visit counts and win rates as a heatmap, the best lines as arrows.</translation>
        </message>
        <message>
            <source>Coming in the next release: start, pause and resume AlphaZero training runs, with loss, Elo and self-play speed charts.</source>
            <translation>Coming in the next release: start, pause and resume AlphaZero training runs, with loss, Elo and self-play speed charts.</translation>
        </message>
        <message>
            <source>Coming in the next release: every stored game and model, searchable, with replay on the board.</source>
            <translation>Coming in the next release: every stored game and model, searchable, with replay on the board.</translation>
        </message>
        <message>
            <source>Engine idle</source>
            <translation>Engine idle</translation>
        </message>
        <message>
            <source>Engine thinking</source>
            <translation>Engine thinking</translation>
        </message>
        <message>
            <source>Ready</source>
            <translation>Ready</translation>
        </message>
        <message>
            <source>&amp;Game</source>
            <translation>&amp;Game</translation>
        </message>
        <message>
            <source>&amp;New game</source>
            <translation>&amp;New game</translation>
        </message>
        <message>
            <source>&amp;Open PGN…</source>
            <translation>&amp;Open PGN…</translation>
        </message>
        <message>
            <source>&amp;Save PGN…</source>
            <translation>&amp;Save PGN…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Edit</translation>
        </message>
        <message>
            <source>&amp;Undo move</source>
            <translation>&amp;Undo move</translation>
        </message>
        <message>
            <source>&amp;Copy FEN</source>
            <translation>&amp;Copy FEN</translation>
        </message>
        <message>
            <source>&amp;Paste FEN</source>
            <translation>&amp;Paste FEN</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <source>&amp;Flip board</source>
            <translation>&amp;Flip board</translation>
        </message>
        <message>
            <source>Show &amp;coordinates</source>
            <translation>Show &amp;coordinates</translation>
        </message>
        <message>
            <source>&amp;Play</source>
            <translation>&amp;Play</translation>
        </message>
        <message>
            <source>&amp;Analyze</source>
            <translation>&amp;Analyze</translation>
        </message>
        <message>
            <source>&amp;Train</source>
            <translation>&amp;Train</translation>
        </message>
        <message>
            <source>&amp;Library</source>
            <translation>&amp;Library</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Help</translation>
        </message>
        <message>
            <source>&amp;About XQZero Studio</source>
            <translation>&amp;About XQZero Studio</translation>
        </message>
        <message>
            <source>Open PGN</source>
            <translation>Open PGN</translation>
        </message>
        <message>
            <source>PGN files (*.pgn);;All files (*)</source>
            <translation>PGN files (*.pgn);;All files (*)</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>Cannot read %1: %2</translation>
        </message>
        <message>
            <source>%1

File: %2</source>
            <translation>%1

File: %2</translation>
        </message>
        <message>
            <source>Save PGN</source>
            <translation>Save PGN</translation>
        </message>
        <message>
            <source>PGN files (*.pgn)</source>
            <translation>PGN files (*.pgn)</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>Cannot write %1: %2</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>Saved %1</translation>
        </message>
        <message>
            <source>FEN copied to the clipboard.</source>
            <translation>FEN copied to the clipboard.</translation>
        </message>
        <message>
            <source>About XQZero Studio</source>
            <translation>About XQZero Studio</translation>
        </message>
        <message>
            <source>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>Cannot write the screenshot to %1</source>
            <translation>Cannot write the screenshot to %1</translation>
        </message>
    </context>
    <context>
        <name>ParamForm</name>
        <message>
            <source>Choosing a preset fills in all the values below; edit any of them afterwards.</source>
            <translation>Choosing a preset fills in all the values below; edit any of them afterwards.</translation>
        </message>
        <message>
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
    </context>
    <context>
        <name>PlayPage</name>
        <message>
            <source>Game</source>
            <translation>Game</translation>
        </message>
        <message>
            <source>Red (moves first)</source>
            <translation>Red (moves first)</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>Black</translation>
        </message>
        <message>
            <source>Play as:</source>
            <translation>Play as:</translation>
        </message>
        <message>
            <source>Level:</source>
            <translation>Level:</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>New game</translation>
        </message>
        <message>
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <source>Hint</source>
            <translation>Hint</translation>
        </message>
        <message>
            <source>Resign</source>
            <translation>Resign</translation>
        </message>
        <message>
            <source>Flip board</source>
            <translation>Flip board</translation>
        </message>
        <message>
            <source>Take back the computer's move and yours</source>
            <translation>Take back the computer's move and yours</translation>
        </message>
        <message>
            <source>Show the engine's suggestion as an arrow</source>
            <translation>Show the engine's suggestion as an arrow</translation>
        </message>
        <message>
            <source>Move now</source>
            <translation>Move now</translation>
        </message>
        <message>
            <source>Let the computer play its best move found so far</source>
            <translation>Let the computer play its best move found so far</translation>
        </message>
        <message>
            <source>Chinese</source>
            <translation>Chinese</translation>
        </message>
        <message>
            <source>WXF</source>
            <translation>WXF</translation>
        </message>
        <message>
            <source>ICCS</source>
            <translation>ICCS</translation>
        </message>
        <message>
            <source>Moves:</source>
            <translation>Moves:</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>Red</translation>
        </message>
        <message>
            <source>New game: you play %1 against %2.</source>
            <translation>New game: you play %1 against %2.</translation>
        </message>
        <message>
            <source>This FEN was not loaded, the game is unchanged: %1</source>
            <translation>This FEN was not loaded, the game is unchanged: %1</translation>
        </message>
        <message>
            <source>Position set from FEN.</source>
            <translation>Position set from FEN.</translation>
        </message>
        <message>
            <source>Not a readable Xiangqi PGN, the game is unchanged: %1</source>
            <translation>Not a readable Xiangqi PGN, the game is unchanged: %1</translation>
        </message>
        <message numerus="yes">
            <source>Loaded a game of %n move(s).</source>
            <translation>
                <numerusform>Loaded a game of %n move.</numerusform>
                <numerusform>Loaded a game of %n moves.</numerusform>
            </translation>
        </message>
        <message>
            <source>Computer (%1)</source>
            <translation>Computer (%1)</translation>
        </message>
        <message>
            <source>XQZero Studio game</source>
            <translation>XQZero Studio game</translation>
        </message>
        <message>
            <source>Human</source>
            <translation>Human</translation>
        </message>
        <message>
            <source>Looking for a hint…</source>
            <translation>Looking for a hint…</translation>
        </message>
        <message>
            <source>Draw</source>
            <translation>Draw</translation>
        </message>
        <message>
            <source>Red wins</source>
            <translation>Red wins</translation>
        </message>
        <message>
            <source>Black wins</source>
            <translation>Black wins</translation>
        </message>
        <message>
            <source>%1 — %2</source>
            <translation>%1 — %2</translation>
        </message>
        <message>
            <source>%1 is thinking…</source>
            <translation>%1 is thinking…</translation>
        </message>
        <message>
            <source>No hint: %1</source>
            <translation>No hint: %1</translation>
        </message>
        <message>
            <source>Hint: %1</source>
            <translation>Hint: %1</translation>
        </message>
        <message>
            <source>The computer could not move: %1</source>
            <translation>The computer could not move: %1</translation>
        </message>
        <message>
            <source>The computer returned no legal move.</source>
            <translation>The computer returned no legal move.</translation>
        </message>
        <message>
            <source>mate in %1</source>
            <translation>mate in %1</translation>
        </message>
        <message>
            <source>Thinking… depth %1, score %2, %3 nodes</source>
            <translation>Thinking… depth %1, score %2, %3 nodes</translation>
        </message>
        <message>
            <source>checkmate</source>
            <translation>checkmate</translation>
        </message>
        <message>
            <source>no legal move (stalemate loses)</source>
            <translation>no legal move (stalemate loses)</translation>
        </message>
        <message>
            <source>perpetual check loses</source>
            <translation>perpetual check loses</translation>
        </message>
        <message>
            <source>threefold repetition</source>
            <translation>threefold repetition</translation>
        </message>
        <message>
            <source>60-move rule (120 plies without a capture)</source>
            <translation>60-move rule (120 plies without a capture)</translation>
        </message>
        <message>
            <source>neither side can attack</source>
            <translation>neither side can attack</translation>
        </message>
        <message>
            <source>game length limit</source>
            <translation>game length limit</translation>
        </message>
        <message>
            <source>resignation</source>
            <translation>resignation</translation>
        </message>
        <message>
            <source>adjudication</source>
            <translation>adjudication</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>Settings</translation>
        </message>
        <message>
            <source>System language</source>
            <translation>System language</translation>
        </message>
        <message>
            <source>Chinese (炮二平五)</source>
            <translation>Chinese (炮二平五)</translation>
        </message>
        <message>
            <source>WXF (C2.5)</source>
            <translation>WXF (C2.5)</translation>
        </message>
        <message>
            <source>ICCS (h2e2)</source>
            <translation>ICCS (h2e2)</translation>
        </message>
        <message>
            <source>Show coordinates around the board</source>
            <translation>Show coordinates around the board</translation>
        </message>
        <message>
            <source>Language:</source>
            <translation>Language:</translation>
        </message>
        <message>
            <source>A new language takes effect after a restart.</source>
            <translation>A new language takes effect after a restart.</translation>
        </message>
        <message>
            <source>Move notation:</source>
            <translation>Move notation:</translation>
        </message>
    </context>
    <context>
        <name>StudioFacade</name>
        <message>
            <source>Random</source>
            <translation>Random</translation>
        </message>
        <message>
            <source>Beginner</source>
            <translation>Beginner</translation>
        </message>
        <message>
            <source>Amateur</source>
            <translation>Amateur</translation>
        </message>
        <message>
            <source>Advanced</source>
            <translation>Advanced</translation>
        </message>
    </context>
    <context>
        <name>TrainCharts</name>
        <message>
            <source>Loss</source>
            <translation>Loss</translation>
        </message>
        <message>
            <source>training step</source>
            <translation>training step</translation>
        </message>
        <message>
            <source>policy / total loss</source>
            <translation>policy / total loss</translation>
        </message>
        <message>
            <source>value loss</source>
            <translation>value loss</translation>
        </message>
        <message>
            <source>policy</source>
            <translation>policy</translation>
        </message>
        <message>
            <source>value</source>
            <translation>value</translation>
        </message>
        <message>
            <source>total</source>
            <translation>total</translation>
        </message>
        <message>
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <source>generation</source>
            <translation>generation</translation>
        </message>
        <message>
            <source>Elo vs generation 0</source>
            <translation>Elo vs generation 0</translation>
        </message>
        <message>
            <source>Self-play speed</source>
            <translation>Self-play speed</translation>
        </message>
        <message>
            <source>time</source>
            <translation>time</translation>
        </message>
        <message>
            <source>games per hour</source>
            <translation>games per hour</translation>
        </message>
    </context>
    <context>
        <name>TrainPage</name>
        <message>
            <source>Training failed: %1</source>
            <translation>Training failed: %1</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>Run</translation>
        </message>
        <message>
            <source>Choose…</source>
            <translation>Choose…</translation>
        </message>
        <message>
            <source>Choose or create the database the runs are stored in.</source>
            <translation>Choose or create the database the runs are stored in.</translation>
        </message>
        <message>
            <source>Database</source>
            <translation>Database</translation>
        </message>
        <message>
            <source>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</source>
            <translation>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <source>Earlier run</source>
            <translation>Earlier run</translation>
        </message>
        <message>
            <source>Preset</source>
            <translation>Preset</translation>
        </message>
        <message>
            <source>Gen.</source>
            <translation>Gen.</translation>
        </message>
        <message>
            <source>Steps</source>
            <translation>Steps</translation>
        </message>
        <message>
            <source>Created</source>
            <translation>Created</translation>
        </message>
        <message>
            <source>Continue run</source>
            <translation>Continue run</translation>
        </message>
        <message>
            <source>Resume the selected run from its last checkpoint, with its stored settings.</source>
            <translation>Resume the selected run from its last checkpoint, with its stored settings.</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <source>Settings for a new run</source>
            <translation>Settings for a new run</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>Start</translation>
        </message>
        <message>
            <source>Start a new run with the name and settings on the left.</source>
            <translation>Start a new run with the name and settings on the left.</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>Pause</translation>
        </message>
        <message>
            <source>Hold after the moves in flight; nothing is lost.</source>
            <translation>Hold after the moves in flight; nothing is lost.</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>Resume</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <source>Stop at the next checkpoint; the run can be continued later.</source>
            <translation>Stop at the next checkpoint; the run can be continued later.</translation>
        </message>
        <message>
            <source>Reset zoom</source>
            <translation>Reset zoom</translation>
        </message>
        <message>
            <source>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</source>
            <translation>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</translation>
        </message>
        <message>
            <source>Events of the training loop appear here.</source>
            <translation>Events of the training loop appear here.</translation>
        </message>
        <message>
            <source>Training database</source>
            <translation>Training database</translation>
        </message>
        <message>
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero databases (*.db);;All files (*)</translation>
        </message>
        <message>
            <source>Cannot read the runs of %1: %2</source>
            <translation>Cannot read the runs of %1: %2</translation>
        </message>
        <message>
            <source>Cannot read the history of run %1: %2</source>
            <translation>Cannot read the history of run %1: %2</translation>
        </message>
        <message>
            <source>Train</source>
            <translation>Train</translation>
        </message>
        <message>
            <source>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</source>
            <translation>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</translation>
        </message>
        <message>
            <source>Continuing run %1.</source>
            <translation>Continuing run %1.</translation>
        </message>
        <message>
            <source>Starting run %1 (%2 preset).</source>
            <translation>Starting run %1 (%2 preset).</translation>
        </message>
        <message>
            <source>Paused; training holds after the moves in flight.</source>
            <translation>Paused; training holds after the moves in flight.</translation>
        </message>
        <message>
            <source>Stopping at the next checkpoint…</source>
            <translation>Stopping at the next checkpoint…</translation>
        </message>
        <message>
            <source>Run %1 ended.</source>
            <translation>Run %1 ended.</translation>
        </message>
        <message>
            <source>Training stopped.</source>
            <translation>Training stopped.</translation>
        </message>
        <message>
            <source>Training is running</source>
            <translation>Training is running</translation>
        </message>
        <message>
            <source>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</source>
            <translation>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</translation>
        </message>
        <message>
            <source>Stopping training at the next checkpoint, then closing…</source>
            <translation>Stopping training at the next checkpoint, then closing…</translation>
        </message>
    </context>
    <context>
        <name>TrainStatus</name>
        <message>
            <source>Generation</source>
            <translation>Generation</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>Games</translation>
        </message>
        <message>
            <source>Games/hour</source>
            <translation>Games/hour</translation>
        </message>
        <message>
            <source>Positions/s</source>
            <translation>Positions/s</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Step</translation>
        </message>
        <message>
            <source>Samples/s</source>
            <translation>Samples/s</translation>
        </message>
        <message>
            <source>Buffer:</source>
            <translation>Buffer:</translation>
        </message>
        <message>
            <source>Stage:</source>
            <translation>Stage:</translation>
        </message>
        <message>
            <source>ETA:</source>
            <translation>ETA:</translation>
        </message>
        <message>
            <source>empty</source>
            <translation>empty</translation>
        </message>
        <message>
            <source>%1 of %2 positions</source>
            <translation>%1 of %2 positions</translation>
        </message>
        <message>
            <source>%1 / %2 self-play games</source>
            <translation>%1 / %2 self-play games</translation>
        </message>
        <message>
            <source>%1 / %2 training steps</source>
            <translation>%1 / %2 training steps</translation>
        </message>
        <message>
            <source>%1 / %2 evaluation games</source>
            <translation>%1 / %2 evaluation games</translation>
        </message>
        <message>
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>%1 min</source>
            <translation>%1 min</translation>
        </message>
        <message>
            <source>%1 h %2 min</source>
            <translation>%1 h %2 min</translation>
        </message>
    </context>
    <context>
        <name>TrainingSession</name>
        <message>
            <source>idle</source>
            <translation>idle</translation>
        </message>
        <message>
            <source>self-play</source>
            <translation>self-play</translation>
        </message>
        <message>
            <source>training</source>
            <translation>training</translation>
        </message>
        <message>
            <source>evaluating</source>
            <translation>evaluating</translation>
        </message>
        <message>
            <source>paused</source>
            <translation>paused</translation>
        </message>
        <message>
            <source>stopping</source>
            <translation>stopping</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamTexts</name>
        <message>
            <source>Channels</source>
            <translation>Channels</translation>
        </message>
        <message>
            <source>Convolution channels of the residual trunk</source>
            <translation>Convolution channels of the residual trunk</translation>
        </message>
        <message>
            <source>Residual blocks</source>
            <translation>Residual blocks</translation>
        </message>
        <message>
            <source>Residual blocks in the trunk</source>
            <translation>Residual blocks in the trunk</translation>
        </message>
        <message>
            <source>Games per iteration</source>
            <translation>Games per iteration</translation>
        </message>
        <message>
            <source>Self-play games between two training phases</source>
            <translation>Self-play games between two training phases</translation>
        </message>
        <message>
            <source>Simulations</source>
            <translation>Simulations</translation>
        </message>
        <message>
            <source>MCTS simulations per self-play move</source>
            <translation>MCTS simulations per self-play move</translation>
        </message>
        <message>
            <source>Games in flight</source>
            <translation>Games in flight</translation>
        </message>
        <message>
            <source>Games searched at once per self-play thread (fills the network's batches)</source>
            <translation>Games searched at once per self-play thread (fills the network's batches)</translation>
        </message>
        <message>
            <source>c_puct</source>
            <translation>c_puct</translation>
        </message>
        <message>
            <source>PUCT exploration constant</source>
            <translation>PUCT exploration constant</translation>
        </message>
        <message>
            <source>Dirichlet alpha</source>
            <translation>Dirichlet alpha</translation>
        </message>
        <message>
            <source>Root Dirichlet noise alpha</source>
            <translation>Root Dirichlet noise alpha</translation>
        </message>
        <message>
            <source>Dirichlet epsilon</source>
            <translation>Dirichlet epsilon</translation>
        </message>
        <message>
            <source>Weight of the root noise</source>
            <translation>Weight of the root noise</translation>
        </message>
        <message>
            <source>Temperature plies</source>
            <translation>Temperature plies</translation>
        </message>
        <message>
            <source>Plies played with temperature 1 before choosing greedily</source>
            <translation>Plies played with temperature 1 before choosing greedily</translation>
        </message>
        <message>
            <source>Random opening plies</source>
            <translation>Random opening plies</translation>
        </message>
        <message>
            <source>Uniformly random plies at the start of each game</source>
            <translation>Uniformly random plies at the start of each game</translation>
        </message>
        <message>
            <source>Resign threshold</source>
            <translation>Resign threshold</translation>
        </message>
        <message>
            <source>Resign when the root value stays below this</source>
            <translation>Resign when the root value stays below this</translation>
        </message>
        <message>
            <source>Resign moves</source>
            <translation>Resign moves</translation>
        </message>
        <message>
            <source>Consecutive own moves below the threshold before resigning (0 = never)</source>
            <translation>Consecutive own moves below the threshold before resigning (0 = never)</translation>
        </message>
        <message>
            <source>Resign playout fraction</source>
            <translation>Resign playout fraction</translation>
        </message>
        <message>
            <source>Fraction of games played out despite resignation (measures false resignations)</source>
            <translation>Fraction of games played out despite resignation (measures false resignations)</translation>
        </message>
        <message>
            <source>Maximum plies</source>
            <translation>Maximum plies</translation>
        </message>
        <message>
            <source>Length cap of a self-play game in plies</source>
            <translation>Length cap of a self-play game in plies</translation>
        </message>
        <message>
            <source>Adjudicate at the cap</source>
            <translation>Adjudicate at the cap</translation>
        </message>
        <message>
            <source>At the length cap, award the game on material instead of a draw</source>
            <translation>At the length cap, award the game on material instead of a draw</translation>
        </message>
        <message>
            <source>Buffer capacity</source>
            <translation>Buffer capacity</translation>
        </message>
        <message>
            <source>Replay buffer size in positions</source>
            <translation>Replay buffer size in positions</translation>
        </message>
        <message>
            <source>Batch size</source>
            <translation>Batch size</translation>
        </message>
        <message>
            <source>Positions per training step</source>
            <translation>Positions per training step</translation>
        </message>
        <message>
            <source>Steps per iteration</source>
            <translation>Steps per iteration</translation>
        </message>
        <message>
            <source>Training steps after each batch of self-play games</source>
            <translation>Training steps after each batch of self-play games</translation>
        </message>
        <message>
            <source>Learning rate</source>
            <translation>Learning rate</translation>
        </message>
        <message>
            <source>Adam learning rate</source>
            <translation>Adam learning rate</translation>
        </message>
        <message>
            <source>LR schedule</source>
            <translation>LR schedule</translation>
        </message>
        <message>
            <source>Learning-rate schedule: 0 constant, 1 cosine, 2 step</source>
            <translation>Learning-rate schedule: 0 constant, 1 cosine, 2 step</translation>
        </message>
        <message>
            <source>LR decay steps</source>
            <translation>LR decay steps</translation>
        </message>
        <message>
            <source>Steps over which the schedule decays</source>
            <translation>Steps over which the schedule decays</translation>
        </message>
        <message>
            <source>Weight decay</source>
            <translation>Weight decay</translation>
        </message>
        <message>
            <source>L2 regularisation</source>
            <translation>L2 regularisation</translation>
        </message>
        <message>
            <source>Gradient clip</source>
            <translation>Gradient clip</translation>
        </message>
        <message>
            <source>Gradient norm clip (0 = off)</source>
            <translation>Gradient norm clip (0 = off)</translation>
        </message>
        <message>
            <source>Minimum buffer</source>
            <translation>Minimum buffer</translation>
        </message>
        <message>
            <source>Positions needed in the buffer before training starts</source>
            <translation>Positions needed in the buffer before training starts</translation>
        </message>
        <message>
            <source>Evaluation games</source>
            <translation>Evaluation games</translation>
        </message>
        <message>
            <source>Gating games, candidate against the best (half as Red); 0 = accept every candidate</source>
            <translation>Gating games, candidate against the best (half as Red); 0 = accept every candidate</translation>
        </message>
        <message>
            <source>Evaluation simulations</source>
            <translation>Evaluation simulations</translation>
        </message>
        <message>
            <source>MCTS simulations per move in gating games</source>
            <translation>MCTS simulations per move in gating games</translation>
        </message>
        <message>
            <source>Gate threshold</source>
            <translation>Gate threshold</translation>
        </message>
        <message>
            <source>Score the candidate needs to become the best</source>
            <translation>Score the candidate needs to become the best</translation>
        </message>
        <message>
            <source>Search threads</source>
            <translation>Search threads</translation>
        </message>
        <message>
            <source>Self-play search threads</source>
            <translation>Self-play search threads</translation>
        </message>
        <message>
            <source>Inference threads</source>
            <translation>Inference threads</translation>
        </message>
        <message>
            <source>Intra-op threads of the network's inference thread</source>
            <translation>Intra-op threads of the network's inference thread</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>Seed</translation>
        </message>
        <message>
            <source>Random seed of the run</source>
            <translation>Random seed of the run</translation>
        </message>
        <message>
            <source>Network</source>
            <translation>Network</translation>
        </message>
        <message>
            <source>Self-play</source>
            <translation>Self-play</translation>
        </message>
        <message>
            <source>Training</source>
            <translation>Training</translation>
        </message>
        <message>
            <source>Evaluation</source>
            <translation>Evaluation</translation>
        </message>
        <message>
            <source>Machine</source>
            <translation>Machine</translation>
        </message>
        <message>
            <source>Quick (64×3, minutes per iteration)</source>
            <translation>Quick (64×3, minutes per iteration)</translation>
        </message>
        <message>
            <source>Standard (128×6)</source>
            <translation>Standard (128×6)</translation>
        </message>
        <message>
            <source>Full (256×10)</source>
            <translation>Full (256×10)</translation>
        </message>
    </context>
</TS>
