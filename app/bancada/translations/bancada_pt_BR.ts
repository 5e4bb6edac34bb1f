<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ClassroomBar</name>
    <message>
        <location filename="../ui/classroom.py" line="+58"/>
        <source>requests measured</source>
        <translation>requisições medidas</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>median (ms)</source>
        <translation>mediana (ms)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{d} of {t} requests</source>
        <translation>{d} de {t} requisições</translation>
    </message>
</context>
<context>
    <name>ClassroomMode</name>
    <message>
        <location line="+75"/>
        <source>A run is already going on: stop it first</source>
        <translation>Já há uma execução em andamento: pare-a primeiro</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The demo profile is not installed with this copy of Bancada</source>
        <translation>O perfil da demonstração não está instalado com esta cópia do Bancada</translation>
    </message>
</context>
<context>
    <name>Conclusions</name>
    <message>
        <location filename="../stats/conclusions.py" line="+42"/>
        <source>negligible</source>
        <translation>desprezível</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>language</source>
        <translation>linguagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>protocol</source>
        <translation>protocolo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>payload</source>
        <translation>carga</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>operation</source>
        <translation>operação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>implementation</source>
        <translation>implementação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>experimental error</source>
        <translation>erro experimental</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the interaction {a}</source>
        <translation>a interação {a}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The median response time of {a} ({ma}) was lower than that of {b} ({mb})</source>
        <translation>A mediana do tempo de resposta de {a} ({ma}) foi menor que a de {b} ({mb})</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the difference is significant</source>
        <translation>a diferença é significativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the difference is not significant</source>
        <translation>a diferença não é significativa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Wilcoxon, W = {w}, Holm {p}, Cliff&apos;s δ = {d}, {size}</source>
        <translation>Wilcoxon, W = {w}, Holm {p}, δ de Cliff = {d}, {size}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>with each repetition counted once it also is ({p}, r = {r})</source>
        <translation>contando cada repetição uma vez, também é ({p}, r = {r})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>with each repetition counted once it is not ({p}, r = {r})</source>
        <translation>contando cada repetição uma vez, não é ({p}, r = {r})</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The latencies of {k} of {n} treatments do not follow a normal distribution (Shapiro-Wilk, p &lt; {a}), so the comparisons use rank tests.</source>
        <translation>As latências de {k} de {n} tratamentos não seguem uma distribuição normal (Shapiro-Wilk, p &lt; {a}); por isso as comparações usam testes de postos.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The factor {f} affects the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).</source>
        <translation>O fator {f} afeta o tempo de resposta (Kruskal-Wallis, H = {h}, gl = {df}, {p}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The factor {f} shows no clear effect on the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).</source>
        <translation>O fator {f} não mostra efeito claro sobre o tempo de resposta (Kruskal-Wallis, H = {h}, gl = {df}, {p}).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{f}, {v}</source>
        <translation>{f}, {v}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allocation of variation (2^k r factorial design): {parts}.</source>
        <translation>Alocação de variação (projeto fatorial 2^k r): {parts}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>To estimate each mean within ±{e} at {c} confidence, up to {n} requests per treatment are needed ({t}); this run has {have}.</source>
        <translation>Para estimar cada média com erro de ±{e} e {c} de confiança, são necessárias até {n} requisições por tratamento ({t}); esta execução tem {have}.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Conclusions</source>
        <translation>Conclusões</translation>
    </message>
</context>
<context>
    <name>ExperimentPanel</name>
    <message>
        <location filename="../ui/panel.py" line="+58"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This computer</source>
        <translation>Este computador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where the implementations under test run</source>
        <translation>Onde as implementações em teste são executadas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hosts…</source>
        <translation>Hosts…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add or edit SSH target hosts</source>
        <translation>Adicionar ou editar hosts de destino via SSH</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checking what this host can run…</source>
        <translation>Verificando o que este host pode executar…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select: N ints in, 3 out</source>
        <translation>Select: N inteiros na entrada, 3 na saída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Echo: payload in, count out</source>
        <translation>Echo: payload na entrada, contagem na saída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ping: empty (overhead floor)</source>
        <translation>Ping: vazio (custo mínimo)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Operation</source>
        <translation>Operação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Payload</source>
        <translation>Payload</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>Custom count</source>
        <translation>Tamanho personalizado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Element type of the payload (Select always sends int64s)</source>
        <translation>Tipo dos elementos do payload (Select sempre envia int64s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data kind</source>
        <translation>Tipo de dado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Design</source>
        <translation>Projeto do experimento</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Repetitions r</source>
        <translation>Repetições r</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+3"/>
        <source>Requests n</source>
        <translation>Requisições n</translation>
    </message>
    <message>
        <location line="-2"/>
        <location line="+4"/>
        <source>Warm-up</source>
        <translation>Aquecimento</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Randomized blocks</source>
        <translation>Blocos aleatorizados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequential (as the seed study)</source>
        <translation>Sequencial (como o estudo de referência)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alternating requests</source>
        <translation>Requisições alternadas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each repetition runs every treatment once as a block with its own warm-up, in a shuffled order, so drift of the machine does not favour one treatment.</source>
        <translation>Cada repetição executa cada tratamento uma vez, como um bloco com o seu próprio aquecimento, em ordem embaralhada, para que a deriva da máquina não favoreça nenhum tratamento.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each repetition runs the treatments one after another in the profile&apos;s order, as the reference study did.</source>
        <translation>Cada repetição executa os tratamentos um após o outro, na ordem do perfil, como fez o estudo de referência.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Requests alternate between treatments one by one: this measures the cost of switching servers and inflates small-payload latencies.</source>
        <translation>As requisições alternam entre os tratamentos uma a uma: isso mede o custo de trocar de servidor e infla as latências de cargas pequenas.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Schedule</source>
        <translation>Ordem</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reuse one connection</source>
        <translation>Reutilizar uma conexão</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New connection per request</source>
        <translation>Nova conexão por requisição</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Auto (native where built)</source>
        <translation>Automático (nativo onde compilado)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Native (Go)</source>
        <translation>Nativo (Go)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop the run</source>
        <translation>Parar a execução</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Go on with the others</source>
        <translation>Continuar com os demais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What to do when a worker dies mid-run; nothing measured is lost either way</source>
        <translation>O que fazer quando um worker morre no meio da execução; nada do que foi medido se perde em nenhum dos casos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>If a worker dies</source>
        <translation>Se um worker morrer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mark incomplete</source>
        <translation>Marcar como incompleta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause, reconnect</source>
        <translation>Pausar e reconectar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SSH hosts: what to do when the connection drops mid-run. Pause keeps reconnecting (Stop gives up), restarts the workers and goes on; the interrupted block stays partial. Nothing measured is lost either way</source>
        <translation>Hosts SSH: o que fazer quando a conexão cai no meio da execução. Pausar continua tentando reconectar (Parar desiste), reinicia os workers e segue; o bloco interrompido fica parcial. Nada do que foi medido se perde em nenhum dos casos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>If SSH drops</source>
        <translation>Se o SSH cair</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>{name} ({n} elements)</source>
        <translation>{name} ({n} elementos)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>{lang} worker serving {proto}</source>
        <translation>worker {lang} servindo {proto}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot run: {why}</source>
        <translation>não pode executar: {why}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{target}: external, not started by Bancada</source>
        <translation>{target}: externo, não iniciado pela Bancada</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No implementations found (workers/*/worker.toml)</source>
        <translation>Nenhuma implementação encontrada (workers/*/worker.toml)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot ask the host what it runs: {m}</source>
        <translation>Não foi possível perguntar ao host o que ele executa: {m}</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Waiting for the list of implementations…</source>
        <translation>Aguardando a lista de implementações…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose at least one implementation</source>
        <translation>Escolha pelo menos uma implementação</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The Python driver sends one request at a time: choose Driver Auto or Native (Go) for the {m} load model</source>
        <translation>O driver Python envia uma requisição por vez: escolha o driver Automático ou Nativo (Go) para o modelo de carga {m}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose at least one payload</source>
        <translation>Escolha pelo menos um payload</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the experiment panel</source>
        <translation>o painel do experimento</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Ignored: the Load duration sets the measured phase</source>
        <translation>Ignorado: a duração da carga define a fase medida</translation>
    </message>
</context>
<context>
    <name>FrameModel</name>
    <message>
        <location filename="../ui/stats_view.py" line="+91"/>
        <source>column {c} in the exported CSV</source>
        <translation>coluna {c} no CSV exportado</translation>
    </message>
</context>
<context>
    <name>HostsDialog</name>
    <message>
        <location filename="../ui/hosts_dialog.py" line="+91"/>
        <source>Target hosts</source>
        <translation>Hosts de destino</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add…</source>
        <translation>Adicionar…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check</source>
        <translation>Verificar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use this host</source>
        <translation>Usar este host</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New host</source>
        <translation>Novo host</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>host name or IP address</source>
        <translation>nome do host ou endereço IP</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>private key file (empty: ssh-agent)</source>
        <translation>arquivo da chave privada (vazio: ssh-agent)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save and check</source>
        <translation>Salvar e verificar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key file</source>
        <translation>Arquivo da chave</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Work directory</source>
        <translation>Diretório de trabalho</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Trust this key</source>
        <translation>Confiar nesta chave</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do not trust</source>
        <translation>Não confiar</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Saved hosts</source>
        <translation>Hosts salvos</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>&lt;p&gt;Press &lt;b&gt;Check&lt;/b&gt; to connect and read its facts.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Clique em &lt;b&gt;Verificar&lt;/b&gt; para conectar e ler as informações do host.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Private key file</source>
        <translation>Arquivo da chave privada</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>connecting to {h}…</source>
        <translation>conectando a {h}…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{h}: connected in {t} s; {k} of {n} implementations can run there</source>
        <translation>{h}: conectado em {t} s; {k} de {n} implementações podem ser executadas lá</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>jump host {j} (on the way to {h})</source>
        <translation>host intermediário {j} (no caminho para {h})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;The host key of {whose} is not known.&lt;/b&gt;&lt;br&gt;Its fingerprint is&lt;br&gt;&lt;tt style=&apos;font-size:large&apos;&gt;{fp}&lt;/tt&gt;&lt;br&gt;Compare it with the one the host&apos;s owner gives you (&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt; on the host) before trusting it.</source>
        <translation>&lt;b&gt;A chave de host de {whose} não é conhecida.&lt;/b&gt;&lt;br&gt;A impressão digital dela é&lt;br&gt;&lt;tt style=&apos;font-size:large&apos;&gt;{fp}&lt;/tt&gt;&lt;br&gt;Compare-a com a que o responsável pelo host lhe informar (&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt; no host) antes de confiar nela.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{h}: waiting for you to accept or refuse the host key of {k}</source>
        <translation>{h}: aguardando você aceitar ou recusar a chave de host de {k}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Passphrase</source>
        <translation>Senha da chave</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{m}.
Passphrase:</source>
        <translation>{m}.
Senha da chave:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Refused: the host key changed</source>
        <translation>Recusado: a chave do host mudou</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>host key not trusted: not connected</source>
        <translation>chave do host não confiável: não conectado</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cannot remove</source>
        <translation>Não foi possível remover</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Removed {h}.</source>
        <translation>{h} removido.</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>can run</source>
        <translation>pode executar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot run</source>
        <translation>não pode executar</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped leftover workers:</source>
        <translation>Workers remanescentes encerrados:</translation>
    </message>
</context>
<context>
    <name>IntField</name>
    <message>
        <location filename="../ui/fields.py" line="+69"/>
        <source>{name}: a whole number from {lo} to {hi}</source>
        <translation>{name}: um número inteiro de {lo} a {hi}</translation>
    </message>
</context>
<context>
    <name>IntRangeValidator</name>
    <message>
        <location line="-46"/>
        <source>{name} is empty: enter a whole number from {lo} to {hi}</source>
        <translation>{name} está vazio: digite um número inteiro de {lo} a {hi}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name}: {text!r} is not a whole number</source>
        <translation>{name}: {text!r} não é um número inteiro</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} must be from {lo} to {hi}, not {v}</source>
        <translation>{name} deve estar entre {lo} e {hi}, não {v}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{name} must be at most {hi}</source>
        <translation>{name} deve ser no máximo {hi}</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <location filename="../ui/live_view.py" line="+84"/>
        <source>Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.</source>
        <extracomment>Colours of the colour factor&apos;s levels (protocol): colour-blind-safe (Okabe-Ito).</extracomment>
        <translation>Clique em Executar (Ctrl+R) para começar: um boxplot por tratamento cresce aqui enquanto as amostras chegam.</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>Zoomed: View &gt; Reset zoom (Ctrl+0) or the A button fits the data again</source>
        <translation>Com zoom: Exibir &gt; Restaurar zoom (Ctrl+0) ou o botão A ajusta aos dados de novo</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This run has no treatments.</source>
        <translation>Esta execução não tem tratamentos.</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+23"/>
        <source>latency (ms)</source>
        <translation>latência (ms)</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Warming up: the boxes appear with the first measured samples</source>
        <translation>Aquecendo: os boxplots aparecem com as primeiras amostras medidas</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Latency in arrival order (faint: warm-up)</source>
        <translation>Latência na ordem de chegada (claro: aquecimento)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>request (per treatment)</source>
        <translation>requisição (por tratamento)</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>Bancada live view</source>
        <translation>Visão ao vivo do Bancada</translation>
    </message>
</context>
<context>
    <name>LoadGroup</name>
    <message>
        <location filename="../ui/load_group.py" line="+33"/>
        <source>Load</source>
        <translation>Carga</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sequential (one at a time)</source>
        <translation>Sequencial (uma por vez)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closed (c clients)</source>
        <translation>Fechada (c clientes)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open (constant rate)</source>
        <translation>Aberta (taxa constante)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sequential: one request at a time (the seed studies). Closed: c clients, each sending its next request when the last one returns. Open: requests arrive at a fixed rate whatever the server does; latency counts from each request&apos;s due time. Closed and open need the native driver.</source>
        <translation>Sequencial: uma requisição por vez (os estudos de referência). Fechada: c clientes, cada um envia a próxima requisição quando a anterior retorna. Aberta: as requisições chegam a uma taxa fixa, independentemente do servidor; a latência conta a partir do horário previsto de cada requisição. Fechada e aberta precisam do driver nativo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Concurrency c</source>
        <translation>Concorrência c</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>Duration (s)</source>
        <translation>Duração (s)</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Seconds of measured load per treatment and repetition; 0 sends the Requests n instead</source>
        <translation>Segundos de carga medida por tratamento e repetição; 0 envia as Requisições n em vez disso</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rate (requests/s)</source>
        <translation>Taxa (requisições/s)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rate (req/s)</source>
        <translation>Taxa (req/s)</translation>
    </message>
</context>
<context>
    <name>LocalHost</name>
    <message>
        <location filename="../hosts/local.py" line="+233"/>
        <source>the {worker} worker&apos;s environment is ready ({s} s); later starts reuse it</source>
        <translation>o ambiente do worker {worker} está pronto ({s} s); as próximas inicializações o reutilizam</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>first start: npm ci downloads its packages from the npm registry into {folder} (once, a minute or more)</source>
        <translation>primeira inicialização: o npm ci baixa os pacotes do registro npm para {folder} (uma única vez, um minuto ou mais)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>first start: pip downloads its packages from PyPI into a virtual environment in {folder} (once, a minute or more)</source>
        <translation>primeira inicialização: o pip baixa os pacotes do PyPI para um ambiente virtual em {folder} (uma única vez, um minuto ou mais)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/language.py" line="+75"/>
        <source>Stop the run before changing the language</source>
        <translation>Pare a execução antes de mudar o idioma</translation>
    </message>
    <message>
        <location filename="../ui/main_window.py" line="+69"/>
        <source>Bancada — API performance workbench</source>
        <translation>Bancada — bancada de desempenho de APIs</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Live</source>
        <translation>Ao vivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Start the experiment (Ctrl+R)</source>
        <translation>Iniciar o experimento (Ctrl+R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Ready: press Run (Ctrl+R)</source>
        <translation>Pronto: clique em Executar (Ctrl+R)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Checking what {h} can run…</source>
        <translation>Verificando o que {h} pode executar…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Stop the run before opening another profile</source>
        <translation>Pare a execução antes de abrir outro perfil</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open the profile</source>
        <translation>Não foi possível abrir o perfil</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Profile “{t}” loaded: press Run (Ctrl+R)</source>
        <translation>Perfil “{t}” carregado: clique em Executar (Ctrl+R)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (its schedule &quot;interleaved&quot; is now called &quot;alternating&quot;; the default is randomized blocks)</source>
        <translation> (a sua ordem &quot;interleaved&quot; agora se chama &quot;alternating&quot;; o padrão são blocos aleatorizados)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.</source>
        <translation>Clique em Executar (Ctrl+R) para começar: um boxplot por tratamento cresce aqui enquanto as amostras chegam.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open profile</source>
        <translation>Abrir perfil</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+17"/>
        <source>Profiles (*.toml)</source>
        <translation>Perfis (*.toml)</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot save the profile</source>
        <translation>Não foi possível salvar o perfil</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile saved to {p}</source>
        <translation>Perfil salvo em {p}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save profile</source>
        <translation>Salvar perfil</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>A run is already going on: stop it first</source>
        <translation>Já há uma execução em andamento: pare-a primeiro</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot start: {p}</source>
        <translation>Não é possível iniciar: {p}</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+18"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Starting the workers on {h}…</source>
        <translation>Iniciando os workers em {h}…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopping: the workers stop and the run is kept…</source>
        <translation>Parando: os workers param e a execução é mantida…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Resume</source>
        <translation>&amp;Continuar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pausing after the current block…</source>
        <translation>Pausando após o bloco atual…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Running</source>
        <translation>Em execução</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Waiting for the first samples…</source>
        <translation>Aguardando as primeiras amostras…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%p% of the planned time</source>
        <translation>%p% do tempo planejado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Running {id} ({d} driver)</source>
        <translation>Executando {id} (driver {d})</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>A problem during the run</source>
        <translation>Um problema durante a execução</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run complete</source>
        <translation>Execução concluída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run stopped; the samples so far are kept</source>
        <translation>Execução parada; as amostras obtidas até agora são mantidas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run incomplete</source>
        <translation>Execução incompleta</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The run could not go on: {m}</source>
        <translation>A execução não pôde continuar: {m}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run could not go on</source>
        <translation>A execução não pôde continuar</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>{r} samples/s</source>
        <translation>{r} amostras/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETA {t}</source>
        <translation>Falta {t}</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+95"/>
        <source>{n} errors</source>
        <translation>{n} erros</translation>
    </message>
    <message>
        <location line="-87"/>
        <source>Paused (Ctrl+P resumes)</source>
        <translation>Pausado (Ctrl+P continua)</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Statistics failed: {m}</source>
        <translation>As estatísticas falharam: {m}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Stop the run before opening another</source>
        <translation>Pare a execução antes de abrir outra</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opening {p}…</source>
        <translation>Abrindo {p}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot open the run</source>
        <translation>Não foi possível abrir a execução</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Run {id} ({s}), {n} samples: {p}</source>
        <translation>Execução {id} ({s}), {n} amostras: {p}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>complete</source>
        <translation>concluída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incomplete</source>
        <translation>incompleta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>em andamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interrupted</source>
        <translation>interrompida</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open run</source>
        <translation>Abrir execução</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Bancada runs (*.sqlite)</source>
        <translation>Execuções do Bancada (*.sqlite)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>A run is going on</source>
        <translation>Há uma execução em andamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the run and close? The workers stop and the samples measured so far are kept.</source>
        <translation>Parar a execução e fechar? Os workers param e as amostras medidas até agora são mantidas.</translation>
    </message>
</context>
<context>
    <name>Readings</name>
    <message>
        <location filename="../ui/stats_job.py" line="+110"/>
        <source>no samples yet</source>
        <extracomment>Display order of the tables (names from bancada.stats.tables).</extracomment>
        <translation>ainda não há amostras</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the tables appear when the first repetition is complete</source>
        <translation>as tabelas aparecem quando a primeira repetição estiver completa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no repetition is complete in every treatment</source>
        <translation>nenhuma repetição está completa em todos os tratamentos</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the tables compare treatments: choose at least two implementations</source>
        <translation>as tabelas comparam tratamentos: escolha pelo menos duas implementações</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>language</source>
        <translation>linguagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>protocol</source>
        <translation>protocolo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>implementation</source>
        <translation>implementação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>payload</source>
        <translation>payload</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>experimental error</source>
        <translation>erro experimental</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>negligible</source>
        <translation>desprezível</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>fastest {fast} (median {m1} ms), slowest {slow} ({m2} ms, {ratio}×)</source>
        <translation>mais rápido {fast} (mediana {m1} ms), mais lento {slow} ({m2} ms, {ratio}×)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{k} of {n} treatments are not normal (p &lt; {a})</source>
        <translation>{k} de {n} tratamentos não são normais (p &lt; {a})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: the rank tests below fit</source>
        <translation>: os testes de postos abaixo são os adequados</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{k} of {n} pairs differ (Holm p &lt; {a}); largest effect {x} vs {y}: {size}</source>
        <translation>{k} de {n} pares diferem (p de Holm &lt; {a}); maior efeito {x} vs {y}: {size}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{k} of {n} pairs differ when each repetition counts once (Holm p &lt; {a}, r = {r}); trust this one when it disagrees with the test above</source>
        <translation>{k} de {n} pares diferem quando cada repetição conta uma vez (Holm p &lt; {a}, r = {r}); confie neste quando ele discordar do teste acima</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{k} of {n} pairs differ (Holm p &lt; {a})</source>
        <translation>{k} de {n} pares diferem (p de Holm &lt; {a})</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{f} matters (p {p})</source>
        <translation>{f} faz diferença (p {p})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{f} makes no clear difference (p {p})</source>
        <translation>{f} não faz diferença clara (p {p})</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not computed: {why}</source>
        <translation>não calculado: {why}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{f} explains {pct}</source>
        <translation>{f} explica {pct}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{parts} of the variation</source>
        <translation>{parts} da variação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; {pct} is experimental error</source>
        <translation>; {pct} é erro experimental</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{k} of {n} effects are significant (their {c} interval excludes 0)</source>
        <translation>{k} de {n} efeitos são significativos (o intervalo de confiança de {c} exclui 0)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>up to {n} requests per treatment ({t}) for a mean within ±{e} at {c}; this run has {have}</source>
        <translation>até {n} requisições por tratamento ({t}) para uma média dentro de ±{e} com {c} de confiança; esta execução tem {have}</translation>
    </message>
</context>
<context>
    <name>StatisticsView</name>
    <message>
        <location filename="../ui/stats_view.py" line="+138"/>
        <location line="+60"/>
        <source>The tables appear here about once a second while a run goes on.</source>
        <translation>As tabelas aparecem aqui cerca de uma vez por segundo durante a execução.</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>No statistics yet: {m}</source>
        <translation>Ainda não há estatísticas: {m}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>provisional, the run goes on</source>
        <translation>provisório, a execução continua</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; {k} complete repetitions analysed, repetition {p} is left out until it is complete</source>
        <translation>; {k} repetições completas analisadas, a repetição {p} fica de fora até estar completa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; {k} complete repetitions analysed, the partial repetition {p} is left out</source>
        <translation>; {k} repetições completas analisadas, a repetição parcial {p} fica de fora</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;In short:&lt;/b&gt; {s}.&lt;br&gt;</source>
        <translation>&lt;b&gt;Em resumo:&lt;/b&gt; {s}.&lt;br&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>. Ranking: </source>
        <translation>. Classificação: </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Response: latency in ms of the measured, successful requests; factors: {f}; {n} rows read; computed {t} ({st}). Hover a title for what it means.</source>
        <translation>Resposta: latência em ms das requisições medidas e bem-sucedidas; fatores: {f}; {n} linhas lidas; calculado às {t} ({st}). Passe o mouse sobre um título para ver o que ele significa.</translation>
    </message>
</context>
<context>
    <name>StatsHelp</name>
    <message>
        <location line="-146"/>
        <source>Per treatment: the number of measured requests n, mean, standard deviation, median with its confidence interval, quartiles Q1 and Q3, minimum, maximum and interquartile range, in ms.</source>
        <extracomment>A short explanation of each table, for the languages docs/statistics.md is not written in (the English tooltip is the docs&apos; paragraph; a translation of these replaces it).</extracomment>
        <translation>Por tratamento: o número de requisições medidas n, média, desvio padrão, mediana com seu intervalo de confiança, quartis Q1 e Q3, mínimo, máximo e intervalo interquartil, em ms.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Shapiro-Wilk test of each treatment&apos;s latencies: p &lt; 0.05 says they are not normal, so the rank tests (Wilcoxon, Kruskal-Wallis) fit better than the t test and ANOVA.</source>
        <translation>Teste de Shapiro-Wilk das latências de cada tratamento: p &lt; 0,05 indica que não são normais; por isso os testes de postos (Wilcoxon, Kruskal-Wallis) são mais adequados que o teste t e a ANOVA.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wilcoxon rank-sum test of every pair of treatments (as R&apos;s wilcox.test), p adjusted by Holm for the many pairs; Cliff&apos;s δ and P(A &gt; B) say how large the difference is.</source>
        <translation>Teste de Wilcoxon da soma de postos para cada par de tratamentos (como o wilcox.test do R), com p ajustado por Holm para os vários pares; o δ de Cliff e P(A &gt; B) dizem o tamanho da diferença.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The same test with each repetition counted once (its median): requests of one block are not independent, so the test over requests finds differences that are not there; trust this one when the two disagree.</source>
        <translation>O mesmo teste com cada repetição contada uma vez (a sua mediana): as requisições de um bloco não são independentes, então o teste sobre as requisições encontra diferenças que não existem; confie neste quando os dois discordarem.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kruskal-Wallis test per factor and of all treatments together (as R&apos;s kruskal.test): does at least one level differ?</source>
        <translation>Teste de Kruskal-Wallis por fator e de todos os tratamentos juntos (como o kruskal.test do R): pelo menos um nível difere?</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Dunn&apos;s post-hoc test after Kruskal-Wallis: which pairs of treatments differ, p adjusted by Holm.</source>
        <translation>Teste post-hoc de Dunn após o Kruskal-Wallis: quais pares de tratamentos diferem, com p ajustado por Holm.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The treatments from the fastest to the slowest by their median latency.</source>
        <translation>Os tratamentos do mais rápido ao mais lento pela mediana da latência.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>2^k r factorial design (Jain, ch. 17-18): the share of the latency&apos;s variation explained by each factor, by their interaction and by experimental error.</source>
        <translation>Projeto fatorial 2^k r (Jain, cap. 17-18): a parcela da variação da latência explicada por cada fator, pela interação entre eles e pelo erro experimental.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The effects q of the factorial model with their confidence intervals; an interval that excludes 0 is a significant effect.</source>
        <translation>Os efeitos q do modelo fatorial com seus intervalos de confiança; um intervalo que não contém 0 indica um efeito significativo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Requests per treatment needed for a mean within ±r % at the given confidence, n = (100·z·s / (r·x̄))² (Jain, ch. 13), from the samples so far.</source>
        <translation>Requisições por tratamento necessárias para uma média dentro de ±r % com a confiança dada, n = (100·z·s / (r·x̄))² (Jain, cap. 13), a partir das amostras obtidas até agora.</translation>
    </message>
</context>
<context>
    <name>StatsTable</name>
    <message>
        <location line="-60"/>
        <source>Summary</source>
        <extracomment>The tables&apos; titles (their names in bancada.stats.tables) as the window shows them.</extracomment>
        <translation>Resumo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Normality (Shapiro-Wilk)</source>
        <translation>Normalidade (Shapiro-Wilk)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wilcoxon rank-sum test</source>
        <translation>Teste de Wilcoxon (soma de postos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wilcoxon rank-sum test, repetition medians</source>
        <translation>Teste de Wilcoxon (soma de postos), medianas das repetições</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kruskal-Wallis test</source>
        <translation>Teste de Kruskal-Wallis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dunn post-hoc test</source>
        <translation>Teste post-hoc de Dunn</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranking</source>
        <translation>Classificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Factorial allocation of variation</source>
        <translation>Alocação de variação fatorial</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Factorial effects</source>
        <translation>Efeitos fatoriais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample size</source>
        <translation>Tamanho da amostra</translation>
    </message>
    <message>
        <location filename="../ui/table_format.py" line="+21"/>
        <source>Payload</source>
        <extracomment>raw column name -&gt; label (translated in the ``StatsTable`` context).</extracomment>
        <translation>Payload</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Treatment</source>
        <translation>Tratamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean (ms)</source>
        <translation>Média (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Std. deviation (ms)</source>
        <translation>Desvio padrão (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median (ms)</source>
        <translation>Mediana (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Q1 (ms)</source>
        <translation>Q1 (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Q3 (ms)</source>
        <translation>Q3 (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min (ms)</source>
        <translation>Mín. (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max (ms)</source>
        <translation>Máx. (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IQR (ms)</source>
        <translation>IIQ (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median CI, low (ms)</source>
        <translation>IC da mediana, inferior (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median CI, high (ms)</source>
        <translation>IC da mediana, superior (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples tested</source>
        <translation>Amostras testadas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Subsample</source>
        <translation>Subamostra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Treatment A</source>
        <translation>Tratamento A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Treatment B</source>
        <translation>Tratamento B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p (Holm)</source>
        <translation>p (Holm)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cliff&apos;s δ</source>
        <translation>δ de Cliff</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P(A &gt; B)</source>
        <translation>P(A &gt; B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Effect size</source>
        <translation>Tamanho do efeito</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Factor</source>
        <translation>Fator</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Degrees of freedom</source>
        <translation>Graus de liberdade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z</source>
        <translation>z</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Position</source>
        <translation>Posição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Term</source>
        <translation>Termo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Effect q (ms)</source>
        <translation>Efeito q (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CI, low (ms)</source>
        <translation>IC, inferior (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CI, high (ms)</source>
        <translation>IC, superior (ms)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sum of squares</source>
        <translation>Soma dos quadrados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Variation explained</source>
        <translation>Variação explicada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n required</source>
        <translation>n necessário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error (±%)</source>
        <translation>Erro (±%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confidence</source>
        <translation>Confiança</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>negligible</source>
        <extracomment>cell words the tables use -&gt; translated (``magnitude``, ``method``, booleans).</extracomment>
        <translation>desprezível</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exact</source>
        <translation>exato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>normal approximation</source>
        <translation>aproximação normal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>error</source>
        <translation>erro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(not computed)</source>
        <translation>(não calculado)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation>não</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <location filename="../ui/window_actions.py" line="+21"/>
        <source>The workbench window</source>
        <extracomment>The documents Help opens: (file under docs/ or the repository root, what it is about).</extracomment>
        <translation>A janela da bancada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The statistics and their sources</source>
        <translation>As estatísticas e suas fontes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Analysing a run or a CSV</source>
        <translation>Analisar uma execução ou um CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SSH target hosts</source>
        <translation>Hosts de destino via SSH</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bancada: setting up and using it</source>
        <translation>Bancada: instalação e uso</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Open &amp;profile…</source>
        <translation>Abrir &amp;perfil…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save profile as…</source>
        <translation>&amp;Salvar perfil como…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open run…</source>
        <translation>&amp;Abrir execução…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open a stored run and redraw everything</source>
        <translation>Abrir uma execução salva e redesenhar tudo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export all…</source>
        <translation>&amp;Exportar tudo…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PNG, SVG, samples CSV, one CSV per table, Markdown, profile and host facts</source>
        <translation>PNG, SVG, CSV das amostras, um CSV por tabela, Markdown, perfil e informações do host</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export plot as PNG…</source>
        <translation>Exportar gráfico como PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export plot as SVG…</source>
        <translation>Exportar gráfico como SVG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export samples CSV…</source>
        <translation>Exportar CSV das amostras…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>Sai&amp;r</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+47"/>
        <source>&amp;Run</source>
        <translation>E&amp;xecutar</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Start the experiment</source>
        <translation>Iniciar o experimento</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause after the current block</source>
        <translation>Pausar após o bloco atual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stop</source>
        <translation>Pa&amp;rar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stop; the run so far is kept</source>
        <translation>Parar; o que já foi medido é mantido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Log axis</source>
        <translation>Eixo &amp;logarítmico</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Logarithmic latency axis</source>
        <translation>Eixo de latência logarítmico</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reset &amp;zoom</source>
        <translation>Restaurar &amp;zoom</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit the plots to the data again after zooming with the wheel</source>
        <translation>Ajustar os gráficos aos dados de novo depois de usar o zoom com a roda do mouse</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Classroom &amp;demo</source>
        <translation>&amp;Demonstração em sala</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go × Java, gRPC × REST on this computer, in classroom mode (about a minute)</source>
        <translation>Go × Java, gRPC × REST neste computador, no modo sala de aula (cerca de um minuto)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live view</source>
        <translation>Visão ao vivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Recent runs</source>
        <translation>Execuções recentes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>S&amp;tudies</source>
        <translation>Es&amp;tudos</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;View</source>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Classroom mode</source>
        <translation>Modo &amp;sala de aula</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Full screen, large type and numbers for a projector (Esc leaves)</source>
        <translation>Tela cheia, letras e números grandes para um projetor (Esc sai)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>System default</source>
        <translation>Padrão do sistema</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Hosts</source>
        <translation>&amp;Hosts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Manage SSH hosts…</source>
        <translation>Gerenciar hosts SSH…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Atalhos de &amp;teclado</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+86"/>
        <source>About Bancada</source>
        <translation>Sobre o Bancada</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>Run</source>
        <translation>Executar</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{p} is not installed with this copy of Bancada</source>
        <translation>{p} não está instalado com esta cópia do Bancada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open {p} with a text viewer</source>
        <translation>Abra {p} com um visualizador de texto</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Bancada {v}: a workbench for API-performance experiments.</source>
        <translation>Bancada {v}: uma bancada para experimentos de desempenho de APIs.</translation>
    </message>
</context>
<context>
    <name>WindowExport</name>
    <message>
        <location filename="../ui/window_export.py" line="+24"/>
        <location line="+7"/>
        <source>Plot saved to {p}</source>
        <translation>Gráfico salvo em {p}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Cannot write {p}</source>
        <translation>Não foi possível gravar {p}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Nothing to export yet: run an experiment or open a run</source>
        <translation>Nada para exportar ainda: execute um experimento ou abra uma execução</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+43"/>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>Exported {n} files to {f}</source>
        <translation>{n} arquivos exportados para {f}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export into folder</source>
        <translation>Exportar para a pasta</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+5"/>
        <source>Export plot</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export samples</source>
        <translation>Exportar amostras</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Wrote {n} rows to {p}</source>
        <translation>{n} linhas gravadas em {p}</translation>
    </message>
</context>
<context>
    <name>WindowSettings</name>
    <message>
        <location filename="../ui/window_settings.py" line="+58"/>
        <source>(none yet)</source>
        <translation>(nenhuma ainda)</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../ui/app.py" line="+77"/>
        <source>Bancada cannot open this profile</source>
        <translation>O Bancada não consegue abrir este perfil</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <location filename="../cli_gui.py" line="+18"/>
        <source>bancada run PROFILE runs the same experiment in this terminal (e.g. bancada run profiles/quick.toml)</source>
        <translation>bancada run PERFIL executa o mesmo experimento neste terminal (por exemplo, bancada run profiles/quick.toml)</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>DISPLAY={d} cannot be reached</source>
        <translation>não é possível conectar a DISPLAY={d}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DISPLAY is not set</source>
        <translation>DISPLAY não está definido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>there is no display to open the window on ({why}); {hint}</source>
        <translation>não há tela onde abrir a janela ({why}); {hint}</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>the GUI cannot start ({why}); {hint}</source>
        <translation>a interface gráfica não pode iniciar ({why}); {hint}</translation>
    </message>
</context>
</TS>
