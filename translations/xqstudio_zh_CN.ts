<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>Board</name>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="92" />
            <source>Chu River</source>
            <translation>楚河</translation>
        </message>
        <message>
            <location filename="../ui/board/piece_glyphs.cpp" line="96" />
            <source>Han Border</source>
            <translation>汉界</translation>
        </message>
    </context>
    <context>
        <name>xqui::AnalysisSession</name>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="88" />
            <source>Not a valid FEN: %1</source>
            <translation>无效的 FEN：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="119" />
            <source>Stop the analysis first.</source>
            <translation>请先停止分析。</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="129" />
            <source>This build has no network support (LibTorch).</source>
            <translation>此版本不支持网络（LibTorch）。</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="154" />
            <source>Analysing with uniform priors</source>
            <translation>正在使用均匀先验分析</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="155" />
            <source>Loaded model %1</source>
            <translation>已加载模型 %1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="168" />
            <source>Analysis started</source>
            <translation>分析已开始</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="201" />
            <source>The analysis failed: %1</source>
            <translation>分析失败：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/analysis_session.cpp" line="210" />
            <source>Analysis stopped</source>
            <translation>分析已停止</translation>
        </message>
    </context>
    <context>
        <name>xqui::AnalyzePage</name>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="46" />
            <source>won</source>
            <translation>必胜</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="47" />
            <source>lost</source>
            <translation>必败</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="181" />
            <source>Open model</source>
            <translation>打开模型</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="182" />
            <source>Models (*.xqm);;All files (*)</source>
            <translation>模型 (*.xqm);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="269" />
            <source>Analyze</source>
            <translation>分析</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="270" />
            <source>Start analysis</source>
            <translation>开始分析</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="271" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="272" />
            <source>Open model…</source>
            <translation>打开模型…</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="273" />
            <source>No network</source>
            <translation>不用网络</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="274" />
            <source>Analyse with uniform priors and value 0 (no network)</source>
            <translation>使用均匀先验、估值为 0 进行分析（不使用网络）</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="275" />
            <source>Analyze this position</source>
            <translation>分析此局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="276" />
            <source>Take the position on the Play page</source>
            <translation>采用对弈页面的局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="277" />
            <source>Start position</source>
            <translation>初始局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="278" />
            <source>Paste FEN</source>
            <translation>粘贴 FEN</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="279" />
            <source>FEN (empty: take it from the clipboard)</source>
            <translation>FEN（留空：从剪贴板读取）</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="280" />
            <source>Show policy priors instead of visits</source>
            <translation>显示策略先验而非访问次数</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="281" />
            <source>Simulations (0 = until Stop):</source>
            <translation>模拟次数（0 = 直到停止）：</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="282" />
            <source>Notation:</source>
            <translation>记谱法：</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="284" />
            <source>Search tree (N visits, P prior, Q value for the player making the move)</source>
            <translation>搜索树（N 访问次数，P 先验，Q 走子一方的估值）</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="288" />
            <source>Chinese</source>
            <translation>中文</translation>
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
            <translation>着法</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <source>Visits</source>
            <translation>访问次数</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="294" />
            <source>Prior</source>
            <translation>先验</translation>
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
            <translation>主要变例</translation>
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
            <translation>无网络：均匀先验（每个合法着法概率相同，估值为 0）。</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="302" />
            <source>Network: %1</source>
            <translation>网络：%1</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="305" />
            <source>Network: %1 (%2)</source>
            <translation>网络：%1（%2）</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="306" />
            <location filename="../ui/pages/analyze_page.cpp" line="360" />
            <source>No network (uniform priors)</source>
            <translation>无网络（均匀先验）</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="418" />
            <source>%1 to move. Press Start analysis.</source>
            <translation>%1走棋。请按“开始分析”。</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="419" />
            <location filename="../ui/pages/analyze_page.cpp" line="442" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="419" />
            <location filename="../ui/pages/analyze_page.cpp" line="442" />
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="444" />
            <source>forced win found</source>
            <translation>已找到必胜</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="445" />
            <source>forced loss</source>
            <translation>必败</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="446" />
            <source>value %1</source>
            <translation>评估值 %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="447" />
            <source>%1 to move · %2 · %3 simulations · %4 simulations/s · %5 nodes%6</source>
            <translation>%1走棋 · %2 · %3 次模拟 · 每秒 %4 次模拟 · %5 个节点%6</translation>
        </message>
        <message>
            <location filename="../ui/pages/analyze_page.cpp" line="452" />
            <source> · searching…</source>
            <translation> · 搜索中…</translation>
        </message>
    </context>
    <context>
        <name>xqui::BoardWidget</name>
        <message>
            <location filename="../ui/board/board_widget.cpp" line="19" />
            <source>Xiangqi board</source>
            <translation>象棋棋盘</translation>
        </message>
    </context>
    <context>
        <name>xqui::ErrorText</name>
        <message>
            <location filename="../ui/error_text.cpp" line="38" />
            <source>The model file %1 cannot be read or written.</source>
            <translation>无法读取或写入模型文件 %1。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="39" />
            <source>A model file cannot be read or written.</source>
            <translation>无法读取或写入模型文件。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="41" />
            <source>%1 is not an XQZero model file.</source>
            <translation>%1 不是 XQZero 模型文件。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="42" />
            <source>The file is not an XQZero model file.</source>
            <translation>该文件不是 XQZero 模型文件。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="44" />
            <source>The model file %1 was written by a newer XQZero.</source>
            <translation>模型文件 %1 由更新版本的 XQZero 写入。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="45" />
            <source>The model file was written by a newer XQZero.</source>
            <translation>该模型文件由更新版本的 XQZero 写入。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="47" />
            <source>The model file %1 is damaged.</source>
            <translation>模型文件 %1 已损坏。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="48" />
            <source>The model file is damaged.</source>
            <translation>该模型文件已损坏。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="50" />
            <source>The model file %1 holds a network of another size or input format.</source>
            <translation>模型文件 %1 中的网络规模或输入格式与所需不同。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="52" />
            <source>The model file holds a network of another size or input format.</source>
            <translation>该模型文件中的网络规模或输入格式与所需不同。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="55" />
            <source>A run named “%1” already exists: resume it or choose another name.</source>
            <translation>名为“%1”的训练已存在：请继续该训练或另选名称。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="57" />
            <source>A run of that name already exists: resume it or choose another name.</source>
            <translation>同名训练已存在：请继续该训练或另选名称。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="60" />
            <source>There is no run named “%1” to resume.</source>
            <translation>没有名为“%1”的训练可供继续。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="61" />
            <source>There is no run of that name to resume.</source>
            <translation>没有该名称的训练可供继续。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="63" />
            <source>“%1” cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters; a run stored under such a name can be renamed with xqzero db rename-run.</source>
            <translation>“%1”不能用作训练名称：请使用字母、数字、空格、“-”、“_”和“.”（不可含“/”或“\”），最多 60 个字符；已用此类名称保存的训练可用 xqzero db rename-run 改名。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="68" />
            <source>That cannot be a run name: use letters, digits, spaces, '-', '_' and '.' (no '/' or '\'), at most 60 characters.</source>
            <translation>该名称不能用作训练名称：请使用字母、数字、空格、“-”、“_”和“.”（不可含“/”或“\”），最多 60 个字符。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="73" />
            <source>The run “%1” is being trained by another process: continue it when that one has stopped.</source>
            <translation>训练“%1”正由另一个进程进行：请在该进程停止后再继续。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="76" />
            <source>The run is being trained by another process: continue it when that one has stopped.</source>
            <translation>该训练正由另一个进程进行：请在该进程停止后再继续。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="80" />
            <source>A model file of this run is missing: %1.</source>
            <translation>此训练的一个模型文件缺失：%1。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="81" />
            <source>A model file of this run is missing.</source>
            <translation>此训练的一个模型文件缺失。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="83" />
            <source>The model folder %1 cannot be written.</source>
            <translation>无法写入模型文件夹 %1。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="84" />
            <source>The model folder cannot be written.</source>
            <translation>无法写入模型文件夹。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="86" />
            <source>The model folder %1 leads outside the database's model folder; nothing was written, moved or deleted there.</source>
            <translation>模型文件夹 %1 指向数据库模型文件夹之外；未在该处写入、移动或删除任何内容。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="89" />
            <source>The run's model folder leads outside the database's model folder; nothing was written, moved or deleted there.</source>
            <translation>该训练的模型文件夹指向数据库模型文件夹之外；未在该处写入、移动或删除任何内容。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="93" />
            <source>Not enough free space on the disk of %1 to keep the run's games and models.</source>
            <translation>%1 所在磁盘的剩余空间不足，无法保存训练的棋局和模型。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="96" />
            <source>Not enough free disk space to keep the run's games and models.</source>
            <translation>磁盘剩余空间不足，无法保存训练的棋局和模型。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="99" />
            <location filename="../ui/error_text.cpp" line="100" />
            <source>No CUDA device was found on this machine.</source>
            <translation>本机未找到 CUDA 设备。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="102" />
            <source>This build cannot join the training ranks at %1: it was built without Gloo.</source>
            <translation>此版本无法加入位于 %1 的训练进程组：构建时未包含 Gloo。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="105" />
            <source>This build cannot train on several ranks: it was built without Gloo.</source>
            <translation>此版本无法多进程并行训练：构建时未包含 Gloo。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="109" />
            <source>The training ranks could not work together through %1.</source>
            <translation>训练进程无法通过 %1 协同工作。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="111" />
            <source>The training ranks could not work together.</source>
            <translation>训练进程无法协同工作。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="113" />
            <source>The engine %1 failed.</source>
            <translation>引擎 %1 出错。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="114" />
            <source>An engine failed.</source>
            <translation>引擎出错。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="116" />
            <source>The games %1 cannot start the run.</source>
            <translation>无法用棋局 %1 开始训练。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="117" />
            <source>The chosen games cannot start the run.</source>
            <translation>所选棋局无法用于开始训练。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="25" />
            <location filename="../ui/error_text.cpp" line="26" />
            <location filename="../ui/error_text.cpp" line="206" />
            <location filename="../ui/error_text.cpp" line="207" />
            <source>An unexpected error occurred.</source>
            <translation>发生了意外错误。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="140" />
            <source>The database %1 could not be read or written.</source>
            <translation>无法读取或写入数据库 %1。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="142" />
            <source>The database could not be read or written.</source>
            <translation>无法读取或写入数据库。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="145" />
            <source>%1 is damaged or not a database; it was left untouched.</source>
            <translation>%1 已损坏或不是数据库；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="147" />
            <source>The file is damaged or not a database; it was left untouched.</source>
            <translation>该文件已损坏或不是数据库；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="150" />
            <source>The database %1 is damaged.</source>
            <translation>数据库 %1 已损坏。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="151" />
            <source>The database is damaged.</source>
            <translation>数据库已损坏。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="153" />
            <source>%1 is a database of another application; it was left untouched.</source>
            <translation>%1 是其他应用程序的数据库；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="156" />
            <source>The file is a database of another application; it was left untouched.</source>
            <translation>该文件是其他应用程序的数据库；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="160" />
            <source>The database %1 was written by a newer XQZero; it was left untouched.</source>
            <translation>数据库 %1 由更新版本的 XQZero 写入；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="163" />
            <source>The database was written by a newer XQZero; it was left untouched.</source>
            <translation>该数据库由更新版本的 XQZero 写入；未作任何改动。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="167" />
            <source>The database %1 comes from an older XQZero and was opened read-only, so it cannot be upgraded.</source>
            <translation>数据库 %1 来自旧版 XQZero，且以只读方式打开，因此无法升级。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="170" />
            <source>The database comes from an older XQZero and was opened read-only, so it cannot be upgraded.</source>
            <translation>该数据库来自旧版 XQZero，且以只读方式打开，因此无法升级。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="174" />
            <source>There is no database at %1.</source>
            <translation>%1 处没有数据库。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="175" />
            <source>The database does not exist.</source>
            <translation>数据库不存在。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="178" />
            <source>The database %1 is locked by another program.</source>
            <translation>数据库 %1 被其他程序锁定。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="180" />
            <source>The database is locked by another program.</source>
            <translation>数据库被其他程序锁定。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="182" />
            <source>The database %1 refused the change: the name or record already exists.</source>
            <translation>数据库 %1 拒绝了此修改：名称或记录已存在。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="185" />
            <source>The database refused the change: the name or record already exists.</source>
            <translation>数据库拒绝了此修改：名称或记录已存在。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="189" />
            <source>The record cannot be stored in %1.</source>
            <translation>无法将该记录保存到 %1。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="190" />
            <source>The record cannot be stored.</source>
            <translation>无法保存该记录。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="193" />
            <source>The record was not found in %1.</source>
            <translation>在 %1 中未找到该记录。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="194" />
            <source>The record was not found in the database.</source>
            <translation>在数据库中未找到该记录。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="197" />
            <source>The database %1 cannot be written (a read-only file or disk).</source>
            <translation>无法写入数据库 %1（文件或磁盘为只读）。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="199" />
            <source>The database cannot be written (a read-only file or disk).</source>
            <translation>无法写入数据库（文件或磁盘为只读）。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="203" />
            <source>The disk holding the database %1 is full.</source>
            <translation>数据库 %1 所在的磁盘已满。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="204" />
            <source>The disk holding the database is full.</source>
            <translation>数据库所在的磁盘已满。</translation>
        </message>
        <message>
            <location filename="../ui/error_text.cpp" line="229" />
            <source>%1
Details: %2</source>
            <translation>%1
详情：%2</translation>
        </message>
    </context>
    <context>
        <name>xqui::GameTableModel</name>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="66" />
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="67" />
            <source>Run</source>
            <translation>训练运行</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="68" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="69" />
            <source>Gen.</source>
            <translation>代</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="70" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="71" />
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="72" />
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="73" />
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../ui/library/game_table_model.cpp" line="74" />
            <source>Plies</source>
            <translation>步数</translation>
        </message>
    </context>
    <context>
        <name>xqui::LibraryPage</name>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="286" />
            <source>Open…</source>
            <translation>打开…</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="287" />
            <source>Browse another database (opened read-only)</source>
            <translation>浏览另一个数据库（以只读方式打开）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="291" />
            <location filename="../ui/pages/library_page_list.cpp" line="144" />
            <source>All runs</source>
            <translation>全部训练</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="292" />
            <source>All kinds</source>
            <translation>全部类型</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="296" />
            <source>All results</source>
            <translation>全部结果</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="288" />
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="289" />
            <source>Database:</source>
            <translation>数据库：</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="290" />
            <source>Run:</source>
            <translation>训练：</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="300" />
            <source>◀ Newer</source>
            <translation>◀ 较新</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="301" />
            <source>Older ▶</source>
            <translation>较早 ▶</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="302" />
            <source>Start position (Home)</source>
            <translation>初始局面（Home）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="303" />
            <source>Previous move (Left)</source>
            <translation>上一步（←）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="304" />
            <source>Next move (Right)</source>
            <translation>下一步（→）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="305" />
            <source>Final position (End)</source>
            <translation>终局局面（End）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="306" />
            <source>Save PGN…</source>
            <translation>保存 PGN…</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="307" />
            <source>Save this game as PGN; a reviewed game keeps its review as comments (Red's value, the best move) and ?! ? ?? marks</source>
            <translation>将此棋局保存为 PGN；已复盘的棋局会以注释（红方视角的局面值、最佳着法）和 ?! ? ?? 标记保留复盘结果</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="309" />
            <source>Analyze this position</source>
            <translation>分析此局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="311" />
            <source>Open this position of the game, with the moves that led to it, on the Analyze page</source>
            <translation>在分析页打开本局的这个局面（连同此前的着法）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="312" />
            <location filename="../ui/pages/library_page_review.cpp" line="124" />
            <source>Review</source>
            <translation>复盘</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="313" />
            <source>Simulations:</source>
            <translation>模拟次数：</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="314" />
            <source>Simulations the review's search spends on each position</source>
            <translation>复盘时每个局面的搜索模拟次数</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="315" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="34" />
            <source>Open a games database</source>
            <translation>打开棋局数据库</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="35" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero 数据库 (*.db);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="110" />
            <source>Cannot read the database %1: %2</source>
            <translation>无法读取数据库 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="111" />
            <source>Cannot read the database %1</source>
            <translation>无法读取数据库 %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="119" />
            <source>No games yet: %1 does not exist. Games finished on the Play page and the games of training runs are stored there.</source>
            <translation>还没有棋局：%1 不存在。在对弈页下完的棋局和训练产生的棋局都会保存在那里。</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="124" />
            <source>No games stored in %1 yet.</source>
            <translation>%1 中还没有保存任何棋局。</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_list.cpp" line="154" />
            <source>Games %1–%2 of %3</source>
            <translation>第 %1–%2 局，共 %3 局</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="37" />
            <source>it is no longer in the database</source>
            <translation>它已不在数据库中</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="38" />
            <source>Cannot load game %1: %2</source>
            <translation>无法载入棋局 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="219" />
            <source>Save PGN</source>
            <translation>保存 PGN</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="220" />
            <source>PGN files (*.pgn)</source>
            <translation>PGN 文件 (*.pgn)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="226" />
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="228" />
            <source>Saved game %1 to %2</source>
            <translation>已将棋局 %1 保存到 %2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="33" />
            <source>No network to review with: choose a model on the Play or Analyze page, or train a run on the Train page.</source>
            <translation>没有可用于复盘的网络：请在对弈页或分析页选择模型，或在训练页训练一个模型。</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="55" />
            <source>Reviewing… %v of %m positions</source>
            <translation>复盘中… 已完成 %v / %m 个局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="57" />
            <source>Reviewing game %1 with %2</source>
            <translation>正在用 %2 复盘棋局 %1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="81" />
            <source>Review of game %1 cancelled</source>
            <translation>棋局 %1 的复盘已取消</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="85" />
            <source>Cannot review game %1: %2</source>
            <translation>无法复盘棋局 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="89" />
            <source>The review of game %1 was not stored in %2: %3</source>
            <translation>棋局 %1 的复盘结果未能保存到 %2：%3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="94" />
            <source>Review of game %1 stored with it</source>
            <translation>棋局 %1 的复盘结果已随棋局保存</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="124" />
            <source>Review again</source>
            <translation>重新复盘</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="131" />
            <source>Search every position of this game with %1 and mark its inaccuracies, mistakes and blunders; the review is stored with the game</source>
            <translation>用 %1 搜索此棋局的每个局面，并标出欠佳着、错着和败着；复盘结果随棋局保存</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="134" />
            <source>Choose a model on the Play or Analyze page first (or train a run)</source>
            <translation>请先在对弈页或分析页选择模型（或训练一个模型）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="140" />
            <source>%1: average loss %2%, %3 ?!, %4 ?, %5 ??</source>
            <translation>%1：平均损失 %2%，%3 个 ?!，%4 个 ?，%5 个 ??</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="149" />
            <source>Review by %1 at %2 simulations a position — %3 · %4</source>
            <translation>复盘：%1，每个局面 %2 次模拟 — %3 · %4</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="152" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="152" />
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="163" />
            <source> — an inaccuracy (?!)</source>
            <translation> — 欠佳着 (?!)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="164" />
            <source> — a mistake (?)</source>
            <translation> — 错着 (?)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="165" />
            <source> — a blunder (??)</source>
            <translation> — 败着 (??)</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="175" />
            <source>Review of the next move, %1: the mover's value goes from %2 to %3, giving away %4% win chance%5</source>
            <translation>下一着 %1 的复盘：行棋方的局面值从 %2 变为 %3，损失 %4% 的胜率%5</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_review.cpp" line="189" />
            <source>Best (green arrow): %1; line: %2</source>
            <translation>最佳着法（绿色箭头）：%1；变例：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page.cpp" line="319" />
            <location filename="../ui/pages/library_page_replay.cpp" line="57" />
            <source>Start position</source>
            <translation>初始局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="104" />
            <source>Choose a game in the list to replay it.</source>
            <translation>在列表中选择一局棋进行回放。</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="116" />
            <source>%1 vs %2 — %3</source>
            <translation>%1 对 %2 —— %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="120" />
            <source>%1 vs %2 — %3 (%4)</source>
            <translation>%1 对 %2 —— %3（%4）</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="134" />
            <source>Red to move</source>
            <translation>红方走棋</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="134" />
            <source>Black to move</source>
            <translation>黑方走棋</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="135" />
            <source>Ply %1 of %2 · %3</source>
            <translation>第 %1 / %2 步 · %3</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="140" />
            <source>Final position: %1</source>
            <translation>终局：%1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="155" />
            <source>Search value for the side to move: %1</source>
            <translation>搜索评估（走棋方视角）：%1</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="157" />
            <source>%1 visits over %2 moves; the arrow is the move played</source>
            <translation>共 %1 次访问，分布于 %2 个着法；箭头为实际所走着法</translation>
        </message>
        <message>
            <location filename="../ui/pages/library_page_replay.cpp" line="162" />
            <source>No search data for this move; the arrow is the move played</source>
            <translation>此步没有搜索数据；箭头为实际所走着法</translation>
        </message>
    </context>
    <context>
        <name>xqui::LibraryTexts</name>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="9" />
            <source>Self-play</source>
            <translation>自我对弈</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="10" />
            <source>Evaluation</source>
            <translation>评估</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="11" />
            <source>Play</source>
            <translation>对弈</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="12" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="13" />
            <source>Imported</source>
            <translation>导入</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="20" />
            <source>Red wins</source>
            <translation>红胜</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="21" />
            <source>Black wins</source>
            <translation>黑胜</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="22" />
            <source>Draw</source>
            <translation>和棋</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="23" />
            <source>Unfinished</source>
            <translation>未完成</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="30" />
            <source>checkmate</source>
            <translation>将死</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="31" />
            <source>no legal move</source>
            <translation>无子可动</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="32" />
            <source>perpetual check</source>
            <translation>长将</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="33" />
            <source>perpetual chase</source>
            <translation>长捉</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="34" />
            <source>repetition</source>
            <translation>重复局面</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="35" />
            <source>60-move rule</source>
            <translation>六十回合规则</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="36" />
            <source>insufficient material</source>
            <translation>双方均无进攻子力</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="37" />
            <source>length limit</source>
            <translation>步数上限</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="38" />
            <source>resignation</source>
            <translation>认输</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="39" />
            <source>adjudication</source>
            <translation>裁决</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="46" />
            <source>Human</source>
            <translation>玩家</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="50" />
            <source>Random</source>
            <translation>随机</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="50" />
            <source>Beginner</source>
            <translation>入门</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="51" />
            <source>Amateur</source>
            <translation>业余</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="51" />
            <source>Advanced</source>
            <translation>进阶</translation>
        </message>
        <message>
            <location filename="../ui/library/library_texts.cpp" line="52" />
            <source>Computer (%1)</source>
            <translation>电脑（%1）</translation>
        </message>
    </context>
    <context>
        <name>xqui::LiveGameView</name>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="74" />
            <source>Show the previous game in flight</source>
            <translation>显示上一局进行中的对局</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="75" />
            <source>Show the next game in flight</source>
            <translation>显示下一局进行中的对局</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="76" />
            <source>A self-play game being played now; the colours show the share of the current search's visits per target square.</source>
            <translation>一局正在进行的自我对弈；颜色表示当前搜索的访问次数在各目标格上的占比。</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="77" />
            <source>Moves of the game appear here.</source>
            <translation>对局的着法显示在这里。</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="78" />
            <location filename="../ui/train/live_game_view.cpp" line="103" />
            <location filename="../ui/train/live_game_view.cpp" line="121" />
            <source>No self-play game in flight</source>
            <translation>当前没有进行中的自我对弈</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="112" />
            <source>Game %1 of %2</source>
            <translation>第 %1 / %2 局</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="137" />
            <source>Game %1 of %2 · no. %3</source>
            <translation>第 %1 / %2 局 · 总第 %3 局</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="141" />
            <source>Game %1 of %2 · idle</source>
            <translation>第 %1 / %2 局 · 空闲</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="156" />
            <source>Ply %1 · %2 visits · value for Red %3</source>
            <translation>第 %1 步 · %2 次访问 · 红方估值 %3</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="157" />
            <source>Ply %1 · %2 visits (fast search) · value for Red %3</source>
            <translation>第 %1 步 · %2 次访问（快速搜索）· 红方估值 %3</translation>
        </message>
        <message>
            <location filename="../ui/train/live_game_view.cpp" line="162" />
            <source>Ply %1 · searching…</source>
            <translation>第 %1 步 · 搜索中…</translation>
        </message>
    </context>
    <context>
        <name>xqui::MainWindow</name>
        <message>
            <location filename="../ui/main_window.cpp" line="180" />
            <source>XQZero Studio</source>
            <translation>XQZero 象棋工作室</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Play</source>
            <translation>对弈</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Analyze</source>
            <translation>分析</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Train</source>
            <translation>训练</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="181" />
            <source>Library</source>
            <translation>棋库</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="183" />
            <source>Engine idle</source>
            <translation>引擎空闲</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="183" />
            <source>Engine thinking</source>
            <translation>引擎思考中</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="52" />
            <location filename="../ui/main_window.cpp" line="451" />
            <source>Ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="166" />
            <source>Importing games: %1 read (%2 imported, %3 rejected), %4% of the file</source>
            <translation>正在导入棋谱：已读取 %1 局（导入 %2 局，拒绝 %3 局），已读文件的 %4%</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="202" />
            <source>&amp;Game</source>
            <translation>对局(&amp;G)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="203" />
            <source>&amp;New game</source>
            <translation>新对局(&amp;N)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="206" />
            <source>&amp;Open PGN…</source>
            <translation>打开 PGN(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="208" />
            <source>&amp;Save PGN…</source>
            <translation>保存 PGN(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="212" />
            <source>&amp;Import games into the Library…</source>
            <translation>导入棋谱到棋库(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="215" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="219" />
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="220" />
            <source>&amp;Undo move</source>
            <translation>悔棋(&amp;U)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="223" />
            <source>&amp;Copy FEN</source>
            <translation>复制 FEN(&amp;C)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="225" />
            <source>&amp;Paste FEN</source>
            <translation>粘贴 FEN(&amp;P)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="228" />
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="232" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="233" />
            <source>&amp;Flip board</source>
            <translation>翻转棋盘(&amp;F)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="235" />
            <source>Show &amp;coordinates</source>
            <translation>显示坐标(&amp;C)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Play</source>
            <translation>对弈(&amp;P)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Analyze</source>
            <translation>分析(&amp;A)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Train</source>
            <translation>训练(&amp;T)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="238" />
            <source>&amp;Library</source>
            <translation>棋库(&amp;L)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="243" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="244" />
            <source>&amp;About XQZero Studio</source>
            <translation>关于 XQZero 象棋工作室(&amp;A)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="263" />
            <location filename="../ui/main_window.cpp" line="269" />
            <location filename="../ui/main_window.cpp" line="275" />
            <source>Open PGN</source>
            <translation>打开 PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="264" />
            <location filename="../ui/main_window.cpp" line="302" />
            <source>PGN files (*.pgn);;All files (*)</source>
            <translation>PGN 文件 (*.pgn);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="270" />
            <source>Cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="275" />
            <source>%1

File: %2</source>
            <translation>%1

文件：%2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="284" />
            <location filename="../ui/main_window.cpp" line="291" />
            <source>Save PGN</source>
            <translation>保存 PGN</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="284" />
            <source>PGN files (*.pgn)</source>
            <translation>PGN 文件 (*.pgn)</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="292" />
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="295" />
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="301" />
            <location filename="../ui/main_window.cpp" line="351" />
            <source>Import games</source>
            <translation>导入棋谱</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="309" />
            <source>Importing games from %1…</source>
            <translation>正在从 %1 导入棋谱…</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="318" />
            <source>Nothing was imported from %1:
%2</source>
            <translation>未能从 %1 导入任何棋局：
%2</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="320" />
            <source>No game was found in %1.</source>
            <translation>在 %1 中未找到棋局。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="322" />
            <source>%1 games read from %2: %3 imported into the Library, %4 rejected.</source>
            <translation>从 %2 读取 %1 局：%3 局已导入棋库，%4 局被拒绝。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="328" />
            <source>Rejected:</source>
            <translation>被拒绝的棋局：</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="331" />
            <source>game %1 (line %2): %3</source>
            <translation>第 %1 局（第 %2 行）：%3</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="334" />
            <source>… and %1 more.</source>
            <translation>……另有 %1 局。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="339" />
            <source>Imported %1 games.</source>
            <translation>已导入 %1 局。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="339" />
            <source>Import failed.</source>
            <translation>导入失败。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="359" />
            <source>FEN copied to the clipboard.</source>
            <translation>FEN 已复制到剪贴板。</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="383" />
            <source>About XQZero Studio</source>
            <translation>关于 XQZero 象棋工作室</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="384" />
            <source>&lt;h3&gt;XQZero Studio %1&lt;/h3&gt;&lt;p&gt;Play, analyse and train AlphaZero-style Xiangqi engines.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;XQZero 象棋工作室 %1&lt;/h3&gt;&lt;p&gt;对弈、分析并训练 AlphaZero 风格的象棋引擎。&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../ui/main_window.cpp" line="456" />
            <source>Cannot write the screenshot to %1</source>
            <translation>无法将截图写入 %1</translation>
        </message>
    </context>
    <context>
        <name>xqui::ModelChoice</name>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="164" />
            <source>%1 · gen %2</source>
            <translation>%1 · 第 %2 代</translation>
        </message>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="165" />
            <source> (best)</source>
            <translation>（最佳）</translation>
        </message>
        <message>
            <location filename="../ui/facade/model_choice.cpp" line="166" />
            <source> (not accepted)</source>
            <translation>（未通过）</translation>
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
            <translation>Elo：最新的天梯评分（alpha-beta 深度 1 = 0）</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="80" />
            <source>Open model file…</source>
            <translation>打开模型文件…</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="101" />
            <source>Open model</source>
            <translation>打开模型</translation>
        </message>
        <message>
            <location filename="../ui/pages/model_picker.cpp" line="101" />
            <source>Models (*.xqm);;All files (*)</source>
            <translation>模型 (*.xqm);;所有文件 (*)</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamForm</name>
        <message>
            <location filename="../ui/train/param_form.cpp" line="103" />
            <source>Choosing a preset fills in all the values below; edit any of them afterwards.</source>
            <translation>选择预设会填入下面所有的值；之后可以修改其中任何一项。</translation>
        </message>
        <message>
            <location filename="../ui/train/param_form.cpp" line="104" />
            <source>Preset</source>
            <translation>预设</translation>
        </message>
    </context>
    <context>
        <name>xqui::ParamTexts</name>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="22" />
            <source>Channels</source>
            <translation>通道数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="26" />
            <source>Convolution channels of the residual trunk</source>
            <translation>残差主干的卷积通道数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="23" />
            <source>Residual blocks</source>
            <translation>残差块</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="27" />
            <source>Residual blocks in the trunk</source>
            <translation>主干中的残差块数量</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="24" />
            <source>Policy head</source>
            <translation>策略头</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="28" />
            <source>Policy head: 0 dense (a fully connected layer onto the 8100 moves), 1 bilinear (each move's logit from the features of its two squares)</source>
            <translation>策略头：0 稠密（一个全连接层输出到 8100 个着法），1 双线性（每个着法的 logit 由其起点与终点两格的特征得出）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="26" />
            <source>Games per iteration</source>
            <translation>每轮对局数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="31" />
            <source>Self-play games between two training phases</source>
            <translation>两个训练阶段之间的自我对弈局数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="27" />
            <source>Simulations</source>
            <translation>模拟次数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="32" />
            <source>MCTS simulations per self-play move</source>
            <translation>自我对弈每步的 MCTS 模拟次数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="28" />
            <source>Games in flight</source>
            <translation>并行对局数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="38" />
            <source>Games searched at once per self-play thread (fills the network's batches)</source>
            <translation>每个自我对弈线程同时搜索的对局数（用于填满网络批次）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="29" />
            <source>Search</source>
            <translation>搜索方式</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="34" />
            <source>Self-play search: 0 PUCT (AlphaZero: visit counts as the policy target), 1 Gumbel (Gumbel AlphaZero: Sequential Halving among gumbel-considered root moves, the improved policy as the target; learns at few simulations)</source>
            <translation>自对弈搜索方式：0 为 PUCT（AlphaZero：以访问次数为策略目标），1 为 Gumbel（Gumbel AlphaZero：在 gumbel-considered 个根节点着法中做逐次减半，以改进后的策略为目标；少量模拟即可学习）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="31" />
            <source>Gumbel moves considered</source>
            <translation>Gumbel 候选着法数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="35" />
            <source>Gumbel search: root moves Sequential Halving starts from</source>
            <translation>Gumbel 搜索：逐次减半开始时考虑的根节点着法数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="33" />
            <source>c_puct</source>
            <translation>c_puct</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="39" />
            <source>PUCT exploration constant</source>
            <translation>PUCT 探索常数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="34" />
            <source>Dirichlet alpha</source>
            <translation>Dirichlet α</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="40" />
            <source>Root Dirichlet noise alpha</source>
            <translation>根节点 Dirichlet 噪声 α</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="35" />
            <source>Dirichlet epsilon</source>
            <translation>Dirichlet ε</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="41" />
            <source>Weight of the root noise</source>
            <translation>根节点噪声的权重</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="36" />
            <source>Forced playouts</source>
            <translation>强制模拟</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="42" />
            <source>Forced playouts k with policy target pruning in full self-play searches: each root move is searched at least sqrt(k x prior x visits) times, and those forced visits are taken out of the policy target (0 = off)</source>
            <translation>完整自我对弈搜索中的强制模拟系数 k（配合策略目标修剪）：根节点每个着法至少被搜索 sqrt(k × 先验 × 访问数) 次，这些强制访问会从策略目标中扣除（0 = 关闭）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="37" />
            <source>Temperature plies</source>
            <translation>温度步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="43" />
            <source>Plies played with temperature 1 before choosing greedily</source>
            <translation>在贪心选择之前以温度 1 走的步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="38" />
            <source>Random opening plies</source>
            <translation>随机开局步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="44" />
            <source>Uniformly random plies at the start of each game</source>
            <translation>每局开始时均匀随机走的步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="39" />
            <source>Full-search share</source>
            <translation>完整搜索比例</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="45" />
            <source>Share of moves searched fully with noise and kept as policy targets; the rest get fast-simulations and are not trained on (playout-cap randomization; 1 = off)</source>
            <translation>完整搜索（带噪声）并作为策略目标保留的着法比例；其余着法只用快速模拟次数搜索，不参与训练（模拟次数上限随机化；1 = 关闭）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="40" />
            <source>Fast simulations</source>
            <translation>快速模拟次数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="46" />
            <source>MCTS simulations of the moves that are not searched fully</source>
            <translation>非完整搜索着法的 MCTS 模拟次数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="43" />
            <source>Resign threshold</source>
            <translation>认输阈值</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="49" />
            <source>Resign when the root value stays below this</source>
            <translation>根节点价值持续低于此值时认输</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="44" />
            <source>Resign moves</source>
            <translation>认输步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="50" />
            <source>Consecutive own moves below the threshold before resigning (0 = never)</source>
            <translation>认输前己方连续低于阈值的步数（0 = 从不认输）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="45" />
            <source>Resign playout fraction</source>
            <translation>认输后续弈比例</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="51" />
            <source>Fraction of games played out despite resignation (measures false resignations)</source>
            <translation>即使应认输也下完的对局比例（用于衡量误认输）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="46" />
            <source>Count reused visits</source>
            <translation>计入复用的访问</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="37" />
            <source>Visits kept from the previous move's tree count toward the simulations (at least a quarter are new)</source>
            <translation>上一步搜索树保留下来的访问次数计入模拟次数（至少四分之一为新模拟）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="47" />
            <source>Maximum plies</source>
            <translation>最大步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="52" />
            <source>Length cap of a self-play game in plies</source>
            <translation>自我对弈对局的步数上限</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="48" />
            <source>Adjudicate at the cap</source>
            <translation>达到上限时裁决</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="53" />
            <source>At the length cap, award the game on material instead of a draw</source>
            <translation>达到步数上限时按子力判定胜负，而不是判和</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="49" />
            <source>Mate search</source>
            <translation>连将杀搜索</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="54" />
            <source>Moves of a forced mate by checks looked for at every root, self-play and gating (0 = off)</source>
            <translation>在每个根节点（自我对弈与评估）搜索连将杀的步数（0 = 关闭）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="50" />
            <source>Leaf mate search</source>
            <translation>叶节点连将杀搜索</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="55" />
            <source>Moves of a forced mate by checks looked for at every leaf before the network (1 = mates in one only)</source>
            <translation>在每个叶节点调用网络之前搜索连将杀的步数（1 = 仅一步杀）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="51" />
            <source>Material win value</source>
            <translation>子力判胜价值</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="56" />
            <source>Value target of a game won on material at the cap (a mate counts 1)</source>
            <translation>达到上限时按子力判胜的对局的价值目标（将死计为 1）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="52" />
            <source>Material target weight</source>
            <translation>子力目标权重</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="57" />
            <source>Weight of the material balance some plies later in the value target (0 = the game result alone)</source>
            <translation>价值目标中若干步之后子力差的权重（0 = 仅用对局结果）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="53" />
            <source>Material target plies</source>
            <translation>子力目标步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="58" />
            <source>Plies ahead at which the material balance of the value target is taken (capped at the game's end)</source>
            <translation>价值目标取多少步之后的子力差（不超过对局结束）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="54" />
            <source>Resolve exchanges</source>
            <translation>结算兑子</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="59" />
            <source>Take the material balance of the value target after playing out the captures in progress there</source>
            <translation>价值目标的子力差在走完该处正在进行的吃子交换后计算</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="57" />
            <source>Legal-move policy loss</source>
            <translation>仅合法着法的策略损失</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="69" />
            <source>Policy loss over the legal moves only, as the search reads the priors (off: over all 8100 outputs)</source>
            <translation>策略损失只在合法着法上计算，与搜索读取先验的方式一致（关闭：在全部 8100 个输出上计算）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="58" />
            <source>Buffer capacity</source>
            <translation>缓冲区容量</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="63" />
            <source>Replay buffer size in positions</source>
            <translation>经验回放缓冲区的局面数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="59" />
            <source>Minimum window</source>
            <translation>最小训练窗口</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="64" />
            <source>Training window: all positions up to this many, then it grows sublinearly (window-exponent)</source>
            <translation>训练窗口：局面数不超过此值时全部使用，之后按次线性增长（window-exponent）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="60" />
            <source>Window exponent</source>
            <translation>窗口指数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="65" />
            <source>Power of the positions generated at which the training window grows past window-min</source>
            <translation>超过 window-min 后训练窗口随已生成局面数增长的幂次</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="61" />
            <source>Window growth</source>
            <translation>窗口增长率</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="66" />
            <source>Growth rate of the training window past window-min</source>
            <translation>超过 window-min 后训练窗口的增长率</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="62" />
            <source>Training ratio</source>
            <translation>训练比例</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="67" />
            <source>Samples trained per sample generated by self-play (0 = steps-per-iteration steps after each self-play phase)</source>
            <translation>每生成一个自我对弈样本所训练的样本数（0 = 每个自我对弈阶段后训练 steps-per-iteration 步）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="63" />
            <source>Concurrent training</source>
            <translation>并行训练</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="68" />
            <source>Train while self-play goes on, publishing every games-per-iteration games (for a GPU; needs gate 0)</source>
            <translation>在自我对弈进行的同时训练，每 games-per-iteration 局发布一次（适用于 GPU；需要 gate 为 0）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="64" />
            <source>Batch size</source>
            <translation>批大小</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="70" />
            <source>Positions per training step</source>
            <translation>每个训练步的局面数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="65" />
            <source>Steps per iteration</source>
            <translation>每轮训练步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="71" />
            <source>Training steps after each self-play phase when train-ratio is 0</source>
            <translation>train-ratio 为 0 时每个自我对弈阶段后的训练步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="69" />
            <source>LR decay over the time limit</source>
            <translation>学习率按时间限制衰减</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="29" />
            <source>Input planes: 0 basic (pieces, side, repetition, progress), 1 tactical (also the squares each side reaches, the pieces that hang, check, and the material once the captures on the board are played out)</source>
            <translation>输入平面：0 基础（棋子、走棋方、重复、进度），1 战术（另含双方各能走到的格子、无保护被攻击的棋子、将军，以及盘面吃子交换走完后的子力）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="33" />
            <source>Progressive simulations: the self-play budget rises linearly from simulations to this over the learning-rate schedule (0 = fixed)</source>
            <translation>渐进模拟：自对弈的模拟次数随学习率计划从 simulations 线性增加到此值（0 = 固定）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="36" />
            <source>Gumbel search: weight of the search's Q in the policy target and the root's choice, sigma(q) = (50 + max visits) x this x q with q rescaled to [0, 1] (mctx: 0.1)</source>
            <translation>Gumbel 搜索：搜索的 Q 在策略目标和根节点选择中的权重，sigma(q) = (50 + 最大访问数) × 此值 × q，q 缩放到 [0, 1]（mctx：0.1）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="47" />
            <source>Unsettled roots: a full search whose best move's value differs from the network's value of the position by at least unsettled-value-change is searched again with this many times its simulations before the move is played (0 = off)</source>
            <translation>未定根节点：若一次完整搜索中最佳着法的价值与网络对该局面的估值相差至少 unsettled-value-change，则在走子前以其模拟次数的这一倍数再搜索一次（0 = 关闭）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="48" />
            <source>Unsettled roots: the difference between the search's value of its best move and the network's value of the position that counts as unsettled</source>
            <translation>未定根节点：搜索所得最佳着法价值与网络对该局面估值之差达到多少即视为未定</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="60" />
            <source>Weight of the search's root value in the value target, blended with the result and material target (0 = those alone)</source>
            <translation>价值目标中搜索根节点价值的权重，与对局结果和子力目标混合（0 = 只用后两者）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="61" />
            <source>Share of the training draws weighted by policy surprise: a position is drawn in proportion to (1 - share) + share x its surprise / the mean (0 = uniform)</source>
            <translation>按策略意外度加权的训练抽样份额：局面被抽中的概率正比于 (1 - 份额) + 份额 × 其意外度 / 平均意外度（0 = 均匀抽样）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="75" />
            <source>With a time limit (--minutes), the schedules (learning rate, simulations-end) run over the minutes the run has trained plus this session's limit instead of lr-decay-steps; paused time does not count</source>
            <translation>设有时间限制（--minutes）时，调度（学习率、simulations-end）按本次运行已训练的分钟数加上本次会话的时间限制进行，而不按 lr-decay-steps；暂停的时间不计入</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="78" />
            <source>Weight of an auxiliary training loss that predicts the opponent's next move from the same trunk (0 = none; the published network is unchanged)</source>
            <translation>辅助训练损失的权重：用同一主干预测对手的下一步着法（0 = 无；发布的网络不变）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="79" />
            <source>Publish each generation as the moving average of the trained weights over about this many steps (0 = the trained weights)</source>
            <translation>每一代发布为训练权重在约这么多步上的滑动平均（0 = 直接发布训练权重）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="84" />
            <source>Start from games: training steps on the moves played in the games before self-play begins</source>
            <translation>从棋局开始：自对弈开始前，在这些棋局的实战着法上训练的步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="85" />
            <source>Start from games: share of the games kept out of that training to measure its move accuracy and value loss</source>
            <translation>从棋局开始：留出不参与训练的棋局比例，用于衡量着法准确率和价值损失</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="86" />
            <source>Start from games: weight of a game's result in the value target of its positions (a master game's result says little about its opening)</source>
            <translation>从棋局开始：棋局结果在其各局面价值目标中的权重（大师对局的结果对开局局面说明不多）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="87" />
            <source>Share of each training batch drawn from the games the run started from (0 = self-play positions only)</source>
            <translation>每个训练批次中取自起始棋局的比例（0 = 只用自对弈局面）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="90" />
            <source>Gating games, candidate against the best (half as Red): the match of gate 1, the most an SPRT plays</source>
            <translation>门控对局数，候选模型对最佳模型（一半执红）：gate 1 的对抗赛局数，SPRT 的最多局数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="92" />
            <source>Score the candidate must exceed to become the best (gate 1; 0 accepts every candidate)</source>
            <translation>候选模型成为最佳模型须超过的得分率（gate 1；0 接受每个候选模型）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="86" />
            <source>SPRT Elo gain</source>
            <translation>SPRT Elo 增益</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="93" />
            <source>Elo gain the SPRT gate tests for against 0 (gate 2)</source>
            <translation>SPRT 门控相对 0 所检验的 Elo 增益（gate 2）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="87" />
            <source>SPRT alpha</source>
            <translation>SPRT alpha</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="94" />
            <source>SPRT gate: chance of accepting a candidate no stronger than the best</source>
            <translation>SPRT 门控：接受并不比最佳模型更强的候选模型的概率</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="88" />
            <source>SPRT beta</source>
            <translation>SPRT beta</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="95" />
            <source>SPRT gate: chance of rejecting a candidate sprt-elo1 stronger</source>
            <translation>SPRT 门控：拒绝强 sprt-elo1 的候选模型的概率</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="89" />
            <source>Ladder interval (minutes)</source>
            <translation>天梯评定间隔（分钟）</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="97" />
            <source>Rate the newest generation on the Elo ladder (random, alpha-beta 1-3) every this many minutes while training (0 = off)</source>
            <translation>训练期间每隔这么多分钟在 Elo 天梯（随机、alpha-beta 1-3）上评定最新一代（0 = 关闭）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="90" />
            <source>Ladder games per rung</source>
            <translation>天梯每级对局数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="98" />
            <source>Games per ladder rung in those ratings</source>
            <translation>每次评定中天梯每一级的对局数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="91" />
            <source>Ladder simulations</source>
            <translation>天梯模拟次数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="99" />
            <source>MCTS simulations per move of the rated network</source>
            <translation>被评定网络每步的 MCTS 模拟次数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="66" />
            <source>Learning rate</source>
            <translation>学习率</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="72" />
            <source>Adam learning rate</source>
            <translation>Adam 学习率</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="67" />
            <source>LR schedule</source>
            <translation>学习率调度</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="73" />
            <source>Learning-rate schedule: 0 constant, 1 cosine, 2 step</source>
            <translation>学习率调度：0 常数，1 余弦，2 阶梯</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="68" />
            <source>LR decay steps</source>
            <translation>学习率衰减步数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="74" />
            <source>Steps over which the schedule decays</source>
            <translation>调度衰减所经过的步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="70" />
            <source>Weight decay</source>
            <translation>权重衰减</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="76" />
            <source>L2 regularisation</source>
            <translation>L2 正则化</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="71" />
            <source>Gradient clip</source>
            <translation>梯度裁剪</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="77" />
            <source>Gradient norm clip (0 = off)</source>
            <translation>梯度范数裁剪（0 = 关闭）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="74" />
            <source>Minimum buffer</source>
            <translation>最小缓冲区</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="80" />
            <source>Positions needed in the buffer before training starts</source>
            <translation>开始训练前缓冲区中所需的局面数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="75" />
            <source>Held-out share</source>
            <translation>留出比例</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="81" />
            <source>Share of self-play games kept out of training to measure the held-out loss (0 = none)</source>
            <translation>不参与训练、用于测量留出损失的自我对弈对局比例（0 = 不留出）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="76" />
            <source>Validation interval</source>
            <translation>验证间隔</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="82" />
            <source>Training steps between two held-out loss checks</source>
            <translation>两次留出损失检查之间的训练步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="77" />
            <source>Early-stop checks</source>
            <translation>提前停止检查次数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="83" />
            <source>End a training phase after this many held-out checks without a lower value loss; the best weights become the candidate (0 = train every step)</source>
            <translation>连续这么多次留出检查的价值损失未降低时结束本训练阶段；价值损失最低的权重成为候选模型（0 = 训练全部步数）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="82" />
            <source>Gate</source>
            <translation>门控</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="89" />
            <source>Gating: 0 none (self-play plays the newest weights), 1 a fixed match of eval-games, 2 an SPRT of at most eval-games</source>
            <translation>门控：0 无（自我对弈使用最新权重），1 固定 eval-games 局的对抗赛，2 最多 eval-games 局的 SPRT</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="83" />
            <source>Evaluation games</source>
            <translation>评估对局数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="84" />
            <source>Evaluation simulations</source>
            <translation>评估模拟次数</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="91" />
            <source>MCTS simulations per move in gating games</source>
            <translation>门控对局中每步的 MCTS 模拟次数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="85" />
            <source>Gate threshold</source>
            <translation>门控阈值</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="92" />
            <source>Search threads</source>
            <translation>搜索线程</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="100" />
            <source>Self-play search threads</source>
            <translation>自我对弈搜索线程数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="93" />
            <source>Inference threads</source>
            <translation>推理线程</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="101" />
            <source>Intra-op threads of the network's inference thread</source>
            <translation>网络推理线程的算子内线程数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="94" />
            <source>Inference workers</source>
            <translation>推理工作线程</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="102" />
            <source>Inference threads, each with its own copy of the network (one per core on a CPU)</source>
            <translation>推理线程数，每个线程持有一份网络副本（CPU 上每核一个）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="95" />
            <source>Seed</source>
            <translation>随机种子</translation>
        </message>
        <message>
            <location filename="../core/train/config.cpp" line="103" />
            <source>Random seed of the run</source>
            <translation>本次运行的随机种子</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="25" />
            <source>Input planes</source>
            <translation>输入平面</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="30" />
            <source>Simulations at the end (progressive)</source>
            <translation>结束时模拟次数（渐进）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="32" />
            <source>Gumbel Q scale</source>
            <translation>Gumbel Q 缩放</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="41" />
            <source>Unsettled roots: extra search</source>
            <translation>未定根节点：追加搜索</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="42" />
            <source>Unsettled roots: value change</source>
            <translation>未定根节点：价值变化</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="55" />
            <source>Search value weight</source>
            <translation>搜索价值权重</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="56" />
            <source>Policy surprise weighting</source>
            <translation>策略意外度加权</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="72" />
            <source>Opponent reply loss weight</source>
            <translation>对手应着损失权重</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="73" />
            <source>Weight averaging (steps)</source>
            <translation>权重平均（步数）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="78" />
            <source>Steps on the start games</source>
            <translation>起始棋局训练步数</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="79" />
            <source>Start games held out</source>
            <translation>起始棋局留出比例</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="80" />
            <source>Start games' result weight</source>
            <translation>起始棋局结果权重</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="81" />
            <source>Start games in later batches</source>
            <translation>后续批次中的起始棋局</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="99" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="100" />
            <source>Self-play</source>
            <translation>自我对弈</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="101" />
            <source>Training</source>
            <translation>训练</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="102" />
            <source>Evaluation</source>
            <translation>评估</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="103" />
            <source>Machine</source>
            <translation>机器</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="107" />
            <source>Dense</source>
            <translation>全连接</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="108" />
            <source>Bilinear</source>
            <translation>双线性</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="109" />
            <source>Basic</source>
            <translation>基础</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="110" />
            <source>Tactical</source>
            <translation>战术</translation>
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
            <translation>恒定</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="114" />
            <source>Cosine</source>
            <translation>余弦</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="115" />
            <source>Steps (x0.1 a third)</source>
            <translation>阶梯（每三分之一乘 0.1）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="116" />
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="117" />
            <source>Fixed match</source>
            <translation>固定场数对局</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="118" />
            <source>SPRT</source>
            <translation>SPRT</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="122" />
            <source>Quick (64×3, minutes per iteration)</source>
            <translation>快速（64×3，每轮数分钟）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="123" />
            <source>Standard (128×6)</source>
            <translation>标准（128×6）</translation>
        </message>
        <message>
            <location filename="../ui/train/param_texts.cpp" line="124" />
            <source>Full (256×10)</source>
            <translation>完整（256×10）</translation>
        </message>
    </context>
    <context>
        <name>xqui::PlayPage</name>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="34" />
            <source>The levels now play with %1.</source>
            <translation>各级别现在使用 %1 对弈。</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="35" />
            <source>No model: the levels play alpha-beta.</source>
            <translation>无模型：各级别使用 alpha-beta 搜索对弈。</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="246" />
            <source>Game</source>
            <translation>对局</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="247" />
            <source>Red (moves first)</source>
            <translation>红方（先行）</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="248" />
            <location filename="../ui/pages/play_page.cpp" line="275" />
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="250" />
            <source>No model (alpha-beta)</source>
            <translation>无模型（alpha-beta）</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="251" />
            <source>The network the levels play with: a generation of a training run, or a model file</source>
            <translation>各级别对弈所用的网络：某次训练的一代模型，或一个模型文件</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="252" />
            <source>Play as:</source>
            <translation>执子：</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="254" />
            <source>Model:</source>
            <translation>模型：</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="253" />
            <source>Level:</source>
            <translation>级别：</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="255" />
            <source>New game</source>
            <translation>新对局</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="256" />
            <source>Undo</source>
            <translation>悔棋</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="257" />
            <source>Hint</source>
            <translation>提示</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="258" />
            <source>Resign</source>
            <translation>认输</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="259" />
            <source>Flip board</source>
            <translation>翻转棋盘</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="260" />
            <source>Review this game</source>
            <translation>复盘此局</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="261" />
            <source>Open the game in the Library and search every position with the chosen model: each move's loss, its marks, the best moves</source>
            <translation>在棋库中打开此局，并用所选模型搜索每个局面：每着的损失、标记和最佳着法</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="263" />
            <source>Analyze this position</source>
            <translation>分析此局面</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="264" />
            <source>Open the position on the board, with the moves that led to it, on the Analyze page</source>
            <translation>在分析页打开棋盘上的局面（连同此前的着法）</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="265" />
            <source>Take back the computer's move and yours</source>
            <translation>撤回电脑的一步和你的一步</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="266" />
            <source>Show the engine's suggestion as an arrow</source>
            <translation>以箭头显示引擎建议的着法</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="267" />
            <source>Move now</source>
            <translation>立即走棋</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="268" />
            <source>Let the computer play its best move found so far</source>
            <translation>让电脑立即走出目前找到的最佳着法</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="269" />
            <source>Show the search while the computer thinks</source>
            <translation>电脑思考时显示搜索</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="270" />
            <source>The MCTS levels' visits per target square as a heatmap, and the root value</source>
            <translation>MCTS 级别对每个目标格的访问次数（热力图）及根节点估值</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="271" />
            <source>Chinese</source>
            <translation>中文</translation>
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
            <translation>着法：</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="275" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="294" />
            <source>The levels play with this network: Beginner samples its policy, Amateur and Advanced search with MCTS.</source>
            <translation>各级别使用此网络对弈：入门级按其策略抽样走棋，业余级和进阶级使用 MCTS 搜索。</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="296" />
            <source>No model: the levels play alpha-beta. Train one on the Train page, or open a model file.</source>
            <translation>无模型：各级别使用 alpha-beta 搜索对弈。可在“训练”页训练一个模型，或打开模型文件。</translation>
        </message>
        <message>
            <location filename="../ui/pages/play_page.cpp" line="372" />
            <source>Hint: %1</source>
            <translation>提示：%1</translation>
        </message>
    </context>
    <context>
        <name>xqui::PlaySession</name>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="20" />
            <source>checkmate</source>
            <translation>将死</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="21" />
            <source>no legal move (stalemate loses)</source>
            <translation>无子可动（困毙判负）</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="22" />
            <source>perpetual check loses</source>
            <translation>长将判负</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="23" />
            <source>threefold repetition</source>
            <translation>三次重复局面</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="25" />
            <source>60-move rule (120 plies without a capture)</source>
            <translation>六十回合自然限着（120 步未吃子）</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="26" />
            <source>neither side can attack</source>
            <translation>双方均无进攻子力</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="27" />
            <source>game length limit</source>
            <translation>对局长度上限</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="28" />
            <source>resignation</source>
            <translation>认输</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="29" />
            <source>adjudication</source>
            <translation>裁决</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="30" />
            <source>perpetual chase loses</source>
            <translation>长捉判负</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="39" />
            <source>red king</source>
            <translation>红帅</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="40" />
            <source>red advisor</source>
            <translation>红仕</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="41" />
            <source>red elephant</source>
            <translation>红相</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="42" />
            <source>red horse</source>
            <translation>红马</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="43" />
            <source>red rook</source>
            <translation>红车</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="44" />
            <source>red cannon</source>
            <translation>红炮</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="45" />
            <source>red pawn</source>
            <translation>红兵</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="47" />
            <source>black king</source>
            <translation>黑将</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="48" />
            <source>black advisor</source>
            <translation>黑士</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="49" />
            <source>black elephant</source>
            <translation>黑象</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="50" />
            <source>black horse</source>
            <translation>黑马</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="51" />
            <source>black rook</source>
            <translation>黑车</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="52" />
            <source>black cannon</source>
            <translation>黑炮</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="53" />
            <source>black pawn</source>
            <translation>黑卒</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="94" />
            <source>New game: you play %1 against %2.</source>
            <translation>新对局：你执%1，对手为%2。</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="95" />
            <location filename="../ui/facade/play_session.cpp" line="336" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="95" />
            <location filename="../ui/facade/play_session.cpp" line="336" />
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="102" />
            <source>This FEN was not loaded, the game is unchanged: %1</source>
            <translation>未载入此 FEN，当前对局保持不变：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="108" />
            <source>Position set from FEN.</source>
            <translation>已按 FEN 设置局面。</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="115" />
            <source>Not a readable Xiangqi PGN, the game is unchanged: %1</source>
            <translation>无法读取的象棋 PGN，当前对局保持不变：%1</translation>
        </message>
        <message numerus="yes">
            <location filename="../ui/facade/play_session.cpp" line="127" />
            <source>Loaded a game of %n move(s).</source>
            <translation>
                <numerusform>已载入一局 %n 步的棋。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="161" />
            <source>Looking for a hint…</source>
            <translation>正在寻找提示…</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="232" />
            <source>The computer could not move: %1</source>
            <translation>电脑无法走棋：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="239" />
            <source>The computer returned no legal move.</source>
            <translation>电脑没有给出合法着法。</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="250" />
            <source>No hint: %1</source>
            <translation>无法提示：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="259" />
            <source>mate in %1</source>
            <translation>%1 步杀</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="261" />
            <source>Thinking… depth %1, score %2, %3 nodes</source>
            <translation>思考中… 深度 %1，评分 %2，%3 个节点</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="279" />
            <source>The game was not saved to the database %1: %2</source>
            <translation>棋局未能保存到数据库 %1：%2</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="288" />
            <source>The game was saved to the library (%1).</source>
            <translation>棋局已保存到棋库（%1）。</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="330" />
            <source>Draw</source>
            <translation>和棋</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="331" />
            <source>Red wins</source>
            <translation>红胜</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="332" />
            <source>Black wins</source>
            <translation>黑胜</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="337" />
            <source>%1 — %2 loses: perpetual chase of the %3</source>
            <translation>%1——%2长捉%3判负</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="340" />
            <source>%1 — %2</source>
            <translation>%1——%2</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="349" />
            <source>%1 is thinking…</source>
            <translation>%1正在思考…</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="354" />
            <source>%1 is thinking… %2 visits, value for the computer %3</source>
            <translation>%1 正在思考… %2 次访问，电脑一方估值 %3</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="362" />
            <source>Computer (%1)</source>
            <translation>电脑（%1）</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="363" />
            <source>XQZero Studio game</source>
            <translation>XQZero 象棋工作室对局</translation>
        </message>
        <message>
            <location filename="../ui/facade/play_session.cpp" line="365" />
            <location filename="../ui/facade/play_session.cpp" line="366" />
            <source>Human</source>
            <translation>玩家</translation>
        </message>
    </context>
    <context>
        <name>xqui::ReviewGraph</name>
        <message>
            <location filename="../ui/library/review_graph.cpp" line="63" />
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <location filename="../ui/library/review_graph.cpp" line="64" />
            <source>Red's win chance after each move, as the review's searches saw it; dots mark inaccuracies (yellow), mistakes (orange) and blunders (red). Click to go to a move.</source>
            <translation>复盘搜索得出的每着之后红方的胜率；圆点标出欠佳着（黄）、错着（橙）和败着（红）。点击可跳到该着。</translation>
        </message>
    </context>
    <context>
        <name>xqui::SettingsDialog</name>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="26" />
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="29" />
            <source>System language</source>
            <translation>系统语言</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="34" />
            <source>Chinese (炮二平五)</source>
            <translation>中文（炮二平五）</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="35" />
            <source>WXF (C2.5)</source>
            <translation>WXF（C2.5）</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="36" />
            <source>ICCS (h2e2)</source>
            <translation>ICCS（h2e2）</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="38" />
            <source>Show coordinates around the board</source>
            <translation>在棋盘周围显示坐标</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="49" />
            <source>Finished games are stored here and the Library shows them: a file, or a PostgreSQL URI (postgresql://user@host/database). Empty: %1</source>
            <translation>已完成的棋局保存在这里，棋库显示它们：一个文件，或一个 PostgreSQL URI（postgresql://用户@主机/数据库）。留空：%1</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="52" />
            <source>Choose…</source>
            <translation>选择…</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="56" />
            <source>Games database</source>
            <translation>棋局数据库</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="57" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero 数据库 (*.db);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="66" />
            <source>Language:</source>
            <translation>语言：</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="67" />
            <source>Move notation:</source>
            <translation>记谱法：</translation>
        </message>
        <message>
            <location filename="../ui/settings_dialog.cpp" line="69" />
            <source>Games database:</source>
            <translation>棋局数据库：</translation>
        </message>
    </context>
    <context>
        <name>xqui::StudioFacade</name>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="274" />
            <source>random legal moves</source>
            <translation>随机合法着法</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="276" />
            <source>one network call, a sample of its policy</source>
            <translation>调用一次网络，按其策略抽样</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="276" />
            <source>alpha-beta, depth 1, with noise</source>
            <translation>alpha-beta，深度 1，带噪声</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="278" />
            <location filename="../ui/facade/studio_facade.cpp" line="280" />
            <source>MCTS, %1 simulations</source>
            <translation>MCTS，%1 次模拟</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="278" />
            <source>alpha-beta, depth 3, with a little noise</source>
            <translation>alpha-beta，深度 3，带少量噪声</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="280" />
            <source>alpha-beta, depth 5</source>
            <translation>alpha-beta，深度 5</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="287" />
            <source>Random</source>
            <translation>随机</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="288" />
            <source>Beginner</source>
            <translation>入门</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="289" />
            <source>Amateur</source>
            <translation>业余</translation>
        </message>
        <message>
            <location filename="../ui/facade/studio_facade.cpp" line="290" />
            <source>Advanced</source>
            <translation>进阶</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainCharts</name>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="156" />
            <source>Loss</source>
            <translation>损失</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="157" />
            <source>training step</source>
            <translation>训练步数</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="158" />
            <source>policy / total loss</source>
            <translation>策略 / 总损失</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="159" />
            <source>value loss</source>
            <translation>价值损失</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>policy</source>
            <translation>策略</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>value</source>
            <translation>价值</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>total</source>
            <translation>总计</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="160" />
            <source>opponent reply</source>
            <translation>对手应着</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="162" />
            <source>held-out value</source>
            <translation>留出价值损失</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="163" />
            <source>vs positions</source>
            <translation>按局面数</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="164" />
            <source>vs minutes</source>
            <translation>按分钟数</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="166" />
            <source>Plot the ladder ratings against the self-play positions generated, or against the minutes of training, when each generation was published.</source>
            <translation>以发布各代时已生成的自我对弈局面数或训练分钟数为横轴绘制天梯等级分。</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="343" />
            <source>Ladder rating</source>
            <translation>天梯等级分</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="344" />
            <source>Elo (alpha-beta depth 1 = 0)</source>
            <translation>Elo（alpha-beta 深度 1 = 0）</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="346" />
            <source>self-play positions</source>
            <translation>自我对弈局面数</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="349" />
            <source>training minutes</source>
            <translation>训练分钟数</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="353" />
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="354" />
            <source>self-Elo vs generation 0 (gated run)</source>
            <translation>相对第 0 代的自评 Elo（门控运行）</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="355" />
            <source>generation</source>
            <translation>代</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="169" />
            <source>Self-play speed</source>
            <translation>自我对弈速度</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="170" />
            <source>time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../ui/train/train_charts.cpp" line="171" />
            <source>games per hour</source>
            <translation>每小时局数</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainPage</name>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="75" />
            <location filename="../ui/pages/train_page.cpp" line="76" />
            <source>Training failed: %1</source>
            <translation>训练失败：%1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="297" />
            <source>Run</source>
            <translation>训练运行</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="298" />
            <source>Choose…</source>
            <translation>选择…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="299" />
            <source>Choose or create the database the runs are stored in.</source>
            <translation>选择或创建保存训练运行的数据库。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="304" />
            <source>Database</source>
            <translation>数据库</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="321" />
            <source>Name of the new run (unique in the database); its models go to models/&lt;name&gt; next to the database.</source>
            <translation>新训练运行的名称（在数据库中唯一）；其模型保存在数据库旁的 models/&lt;名称&gt; 目录中。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="319" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="308" />
            <source>LibTorch calls the reference BLAS (%1): self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</source>
            <translation>LibTorch 正在调用参考 BLAS（%1）：CPU 上的自对弈和训练会比应有的慢。请安装 libopenblas0-pthread（./run.sh 会安装），然后重新启动工作室。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="314" />
            <source>LibTorch calls the single-threaded OpenBLAS (%1), which is not safe for two threads at once, so the network runs on one thread at a time: self-play and training on the CPU run slower than they need to. Install libopenblas0-pthread (./run.sh does) and start the studio again.</source>
            <translation>LibTorch 正在调用单线程 OpenBLAS（%1），它不能同时被两个线程调用，因此网络每次只在一个线程上运行：CPU 上的自对弈和训练会比应有的慢。请安装 libopenblas0-pthread（./run.sh 会安装），然后重新启动工作室。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Earlier run</source>
            <translation>以前的运行</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Preset</source>
            <translation>预设</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Gen.</source>
            <translation>代</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Steps</source>
            <translation>步数</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="324" />
            <source>Created</source>
            <translation>创建时间</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="327" />
            <source>Continue run</source>
            <translation>继续运行</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="182" />
            <source>Resume the selected run from its last checkpoint, with its stored settings.</source>
            <translation>使用已保存的设置，从最后一个检查点继续所选的运行。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="328" />
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="329" />
            <source>Settings for a new run</source>
            <translation>新运行的设置</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="331" />
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="172" />
            <source>Start a new run with the name and settings on the left.</source>
            <translation>使用左侧的名称和设置开始新的运行。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="332" />
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="333" />
            <source>Hold after the moves in flight; nothing is lost.</source>
            <translation>在进行中的着法完成后暂停；不会丢失任何数据。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="334" />
            <source>Resume</source>
            <translation>继续</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="335" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="336" />
            <source>Stop at the next checkpoint; the run can be continued later.</source>
            <translation>在下一个检查点停止；之后可以继续该运行。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="337" />
            <source>Replay last game</source>
            <translation>回放上一局</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="339" />
            <source>Open the last finished self-play game in the Library, with the search's visits at each move.</source>
            <translation>在棋库中打开最近结束的一局自我对弈，并显示每步搜索的访问分布。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="341" />
            <source>Play against it</source>
            <translation>与之对弈</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="342" />
            <source>Play against generation %1</source>
            <translation>与第 %1 代对弈</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="343" />
            <source>Play the newest generation of this run on the Play page.</source>
            <translation>在对弈页与本次训练的最新一代网络对弈。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="344" />
            <source>Reset zoom</source>
            <translation>重置缩放</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="345" />
            <source>Show all the data again after zooming or panning a chart (drag pans, the wheel zooms).</source>
            <translation>缩放或平移图表后重新显示全部数据（拖动平移，滚轮缩放）。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="347" />
            <source>Events of the training loop appear here.</source>
            <translation>训练循环的事件显示在这里。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="330" />
            <source>Self-play now</source>
            <translation>正在自我对弈</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="300" />
            <source>PostgreSQL…</source>
            <translation>PostgreSQL 数据库…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="302" />
            <source>Watch the runs of a shared PostgreSQL database (workers and trainers on other hosts), read-only.</source>
            <translation>以只读方式查看共享 PostgreSQL 数据库中的训练（工作进程和训练进程在其他主机上）。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="325" />
            <source>Trained by</source>
            <translation>训练进程</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="378" />
            <source>Start from</source>
            <translation>起点</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="380" />
            <source>What the new run's generation 0 learns before self-play: nothing (a random network), or the moves played in a collection of games (a share held out to measure it). The steps and the held-out share are settings of the run.</source>
            <translation>新训练的第 0 代在自对弈前先学习什么：不学习（随机网络），或一组棋局中的实战着法（留出一部分用于衡量）。步数和留出比例是训练的设置项。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="384" />
            <source>A random network</source>
            <translation>随机网络</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="385" />
            <source>Master games (not installed)</source>
            <translation>大师对局（未安装）</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="386" />
            <source>Master games (1,125 tournament games, bundled)</source>
            <translation>大师对局（1,125 局比赛棋谱，随附）</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="390" />
            <source>The games imported into the Library</source>
            <translation>导入棋库的棋局</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="392" />
            <source>A PGN file…</source>
            <translation>PGN 文件…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="393" />
            <source>PGN file: %1</source>
            <translation>PGN 文件：%1</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="400" />
            <source>Games to start from</source>
            <translation>用于起始训练的棋局</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page.cpp" line="401" />
            <source>PGN games (*.pgn);;All files (*)</source>
            <translation>PGN 棋谱 (*.pgn);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="71" />
            <source>Training database</source>
            <translation>训练数据库</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="72" />
            <source>XQZero databases (*.db);;All files (*)</source>
            <translation>XQZero 数据库 (*.db);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="85" />
            <location filename="../ui/pages/train_page_runs.cpp" line="94" />
            <source>PostgreSQL database</source>
            <translation>PostgreSQL 数据库</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="86" />
            <source>Connection URI, e.g. postgresql://xq@dbhost/xqzero (a password is best kept in ~/.pgpass):</source>
            <translation>连接 URI，例如 postgresql://xq@dbhost/xqzero（密码最好保存在 ~/.pgpass 中）：</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="95" />
            <source>“%1” is not a PostgreSQL URI: it must start with postgresql:// or postgres://.</source>
            <translation>“%1”不是 PostgreSQL URI：它必须以 postgresql:// 或 postgres:// 开头。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="126" />
            <source>pid %1 on %2 since %3</source>
            <translation>主机 %2 上的进程 %1，自 %3 起</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="138" />
            <source>Being trained by %1</source>
            <translation>正由%1训练</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="144" />
            <source>Cannot read the runs of %1: %2</source>
            <translation>无法读取 %1 中的运行：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_runs.cpp" line="220" />
            <source>Cannot read the history of run %1: %2</source>
            <translation>无法读取运行 %1 的历史：%2</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="65" />
            <source>Train</source>
            <translation>训练</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="66" />
            <source>A run named %1 already exists in this database. Choose another name, or select it in the list and press Continue run.</source>
            <translation>此数据库中已有名为 %1 的运行。请换一个名称，或在列表中选中它并点击“继续运行”。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="106" />
            <source>Continuing run %1.</source>
            <translation>继续运行 %1。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="107" />
            <source>Starting run %1 (%2 preset).</source>
            <translation>开始运行 %1（%2 预设）。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="127" />
            <source>Paused; training holds after the moves in flight.</source>
            <translation>已暂停；训练在进行中的着法完成后停住。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="128" />
            <source>Stopping at the next checkpoint…</source>
            <translation>将在下一个检查点停止…</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="169" />
            <source>This PostgreSQL database is watched read-only: train it with xqzero train --role trainer and xqzero worker.</source>
            <translation>此 PostgreSQL 数据库为只读查看：请用 xqzero train --role trainer 和 xqzero worker 进行训练。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="176" />
            <source>This run's name cannot name a model folder, so it is not continued; rename it with: xqzero db rename-run -- OLD NEW</source>
            <translation>此训练的名称不能用作模型文件夹名，因此无法继续；请用以下命令改名：xqzero db rename-run -- 旧名称 新名称</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="179" />
            <source>This run is being trained by %1; it can be continued once that process stops.</source>
            <translation>该训练正由%1进行；该进程停止后即可继续。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="226" />
            <source>Ladder: generation %1 rated %2 Elo [%3, %4] (alpha-beta depth 1 = 0).</source>
            <translation>天梯：第 %1 代评为 %2 Elo [%3, %4]（alpha-beta 深度 1 = 0）。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="237" />
            <source>Run %1 ended.</source>
            <translation>运行 %1 已结束。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="249" />
            <source>Training stopped.</source>
            <translation>训练已停止。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="268" />
            <source>Training is running</source>
            <translation>训练正在进行</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="269" />
            <source>Run %1 is training. Stop it at the next checkpoint and close the studio?

Nothing is lost: the run can be continued later.</source>
            <translation>运行 %1 正在训练。要在下一个检查点停止并关闭工作室吗？

不会丢失任何数据：之后可以继续该运行。</translation>
        </message>
        <message>
            <location filename="../ui/pages/train_page_session.cpp" line="277" />
            <source>Stopping training at the next checkpoint, then closing…</source>
            <translation>将在下一个检查点停止训练，然后关闭…</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainStatus</name>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Generation:</source>
            <translation>代数：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Games:</source>
            <translation>局数：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Games/hour:</source>
            <translation>局/小时：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Positions/s:</source>
            <translation>局面/秒：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="73" />
            <source>Step:</source>
            <translation>步数：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Buffer:</source>
            <translation>缓冲区：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Stage:</source>
            <translation>阶段：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>ETA:</source>
            <translation>预计剩余：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="74" />
            <source>Samples/s:</source>
            <translation>样本/秒：</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="89" />
            <source>empty</source>
            <translation>空</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="98" />
            <source>%1 (%2 in flight)</source>
            <translation>%1（%2 局进行中）</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="101" />
            <source>%1 (%2 moves)</source>
            <translation>%1（%2 步）</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="106" />
            <source>%1 of %2 positions</source>
            <translation>%1 / %2 个局面</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="109" />
            <source>%1 / %2 self-play games</source>
            <translation>自我对弈 %1 / %2 局</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="110" />
            <source>%1 / %2 training steps</source>
            <translation>训练 %1 / %2 步</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="111" />
            <source>%1 / %2 steps on the start games</source>
            <translation>起始棋局训练 %1 / %2 步</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="112" />
            <source>%1 / %2 evaluation games</source>
            <translation>评估 %1 / %2 局</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="113" />
            <source>%1 / %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="122" />
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="124" />
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <location filename="../ui/train/train_status.cpp" line="125" />
            <source>%1 h %2 min</source>
            <translation>%1 小时 %2 分钟</translation>
        </message>
    </context>
    <context>
        <name>xqui::TrainingSession</name>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="194" />
            <source>An unexpected error occurred.</source>
            <translation>发生了意外错误。</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="293" />
            <source>Ladder: %1</source>
            <translation>天梯：%1</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="346" />
            <source>Ladder: rating the last generation…</source>
            <translation>天梯：正在评定最后一代…</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="444" />
            <source>idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="446" />
            <source>self-play</source>
            <translation>自我对弈</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="448" />
            <source>training</source>
            <translation>训练</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="450" />
            <source>evaluating</source>
            <translation>评估</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="452" />
            <source>paused</source>
            <translation>已暂停</translation>
        </message>
        <message>
            <location filename="../ui/facade/training_session.cpp" line="454" />
            <source>stopping</source>
            <translation>正在停止</translation>
        </message>
    </context>
    <context>
        <name>xqui::WorkersModel</name>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="31" />
            <source>live</source>
            <translation>运行中</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="33" />
            <source>silent</source>
            <translation>无响应</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="35" />
            <source>stopped</source>
            <translation>已停止</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="69" />
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="71" />
            <source>%1 min</source>
            <translation>%1 分钟</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="73" />
            <source>%1 h %2 min</source>
            <translation>%1 小时 %2 分钟</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="74" />
            <source>%1 d</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="142" />
            <source>%1 games, %2 positions</source>
            <translation>%1 局，%2 个局面</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="145" />
            <source>Last heartbeat at %1</source>
            <translation>最后一次心跳于 %1</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="149" />
            <source>Games since it started at %1, per hour</source>
            <translation>自 %1 启动以来每小时的棋局数</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="154" />
            <source>Running, but no heartbeat for %1 s or more: the process may have died or lost its connection.</source>
            <translation>仍在运行，但已有 %1 秒或更久没有心跳：进程可能已退出或失去连接。</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="167" />
            <source>Host</source>
            <translation>主机</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="169" />
            <source>PID</source>
            <translation>进程号</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="171" />
            <source>Threads</source>
            <translation>线程数</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="173" />
            <source>Generation</source>
            <translation>代数</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="175" />
            <source>Games</source>
            <translation>局数</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="177" />
            <source>Games/hour</source>
            <translation>局/小时</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="179" />
            <source>Last heartbeat</source>
            <translation>最后心跳</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="181" />
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="288" />
            <source>Workers: %1 live, %2 silent, %3 stopped</source>
            <translation>工作进程：%1 个运行中，%2 个无响应，%3 个已停止</translation>
        </message>
        <message>
            <location filename="../ui/train/workers_table.cpp" line="289" />
            <source>cannot read them: %1</source>
            <translation>无法读取：%1</translation>
        </message>
    </context>
</TS>
