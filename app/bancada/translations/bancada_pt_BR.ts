<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ClassroomBar</name>
    <message>
        <source>Done</source>
        <translation>Concluído</translation>
    </message>
    <message>
        <source>Warming up…</source>
        <translation>Aquecendo…</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>Medindo</translation>
    </message>
    <message>
        <source>requests measured</source>
        <translation>requisições medidas</translation>
    </message>
    <message>
        <source>Next ▸</source>
        <translation>Próxima ▸</translation>
    </message>
    <message>
        <source>The next workload&apos;s plots (Page Down or N; Page Up or P goes back)</source>
        <translation>Os gráficos da próxima carga de trabalho (Page Down ou N; Page Up ou P volta)</translation>
    </message>
    <message>
        <source>{w}: {i} of {n}</source>
        <translation>{w}: {i} de {n}</translation>
    </message>
    <message>
        <source>median (ms)</source>
        <translation>mediana (ms)</translation>
    </message>
    <message>
        <source>{d} of {t} requests</source>
        <translation>{d} de {t} requisições</translation>
    </message>
</context>
<context>
    <name>ClassroomMode</name>
    <message>
        <source>Next workload</source>
        <translation>Próxima carga de trabalho</translation>
    </message>
    <message>
        <source>Previous workload</source>
        <translation>Carga de trabalho anterior</translation>
    </message>
    <message>
        <source>A run is already going on: stop it first</source>
        <translation>Já há uma execução em andamento: pare-a primeiro</translation>
    </message>
    <message>
        <source>The demo profile is not installed with this copy of Bancada</source>
        <translation>O perfil da demonstração não está instalado com esta cópia do Bancada</translation>
    </message>
</context>
<context>
    <name>CloseDuringRun</name>
    <message>
        <source>A run is going on</source>
        <translation>Há uma execução em andamento</translation>
    </message>
    <message>
        <source>Keep the run going without the window, or stop it?</source>
        <translation>Manter a execução em andamento sem a janela, ou pará-la?</translation>
    </message>
    <message>
        <source>Kept running, it goes on measuring and storing its samples; open Bancada again to come back to it. Stopped, the workers stop and the samples measured so far are kept.</source>
        <translation>Mantida, ela continua medindo e gravando suas amostras; abra o Bancada de novo para voltar a ela. Parada, os workers param e as amostras medidas até agora são mantidas.</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Manter em execução</translation>
    </message>
    <message>
        <source>&amp;Stop the run</source>
        <translation>&amp;Parar a execução</translation>
    </message>
</context>
<context>
    <name>CompareTable</name>
    <message>
        <source>slower</source>
        <translation>mais lento</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>mais rápido</translation>
    </message>
    <message>
        <source>no clear difference (the change&apos;s interval includes 0)</source>
        <translation>sem diferença clara (o intervalo da mudança inclui 0)</translation>
    </message>
    <message>
        <source>(within noise floor {pct} %)</source>
        <translation>(dentro do piso de ruído de {pct} %)</translation>
    </message>
    <message>
        <source>p_holm (repetitions)</source>
        <translation>p_holm (repetições)</translation>
    </message>
    <message>
        <source>{run} median ms [95% CI]</source>
        <translation>{run} mediana ms [IC 95%]</translation>
    </message>
    <message>
        <source>change [95% CI]</source>
        <translation>mudança [IC 95%]</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>veredito</translation>
    </message>
    <message>
        <source>geomean</source>
        <translation>média geométrica</translation>
    </message>
    <message>
        <source>only in</source>
        <translation>só em</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>execuções</translation>
    </message>
    <message>
        <source>Change {title}</source>
        <translation>Mudança {title}</translation>
    </message>
    <message>
        <source>Only in one run {title}</source>
        <translation>Só em uma execução {title}</translation>
    </message>
    <message>
        <source>Server time and transit {title}</source>
        <translation>Tempo no servidor e em trânsito {title}</translation>
    </message>
    <message>
        <source>Kruskal-Wallis across runs</source>
        <translation>Kruskal-Wallis entre as execuções</translation>
    </message>
    <message>
        <source>server change ms</source>
        <translation>mudança no servidor ms</translation>
    </message>
    <message>
        <source>transit+client change ms</source>
        <translation>mudança em trânsito+cliente ms</translation>
    </message>
    <message>
        <source>latency change ms</source>
        <translation>mudança da latência ms</translation>
    </message>
    <message>
        <source>server ms (baseline → other)</source>
        <translation>servidor ms (referência → outra)</translation>
    </message>
    <message>
        <source>transit+client ms (baseline → other)</source>
        <translation>trânsito+cliente ms (referência → outra)</translation>
    </message>
    <message>
        <source>no server time</source>
        <translation>sem tempo do servidor</translation>
    </message>
    <message>
        <source>noise floor, {title}: </source>
        <translation>piso de ruído, {title}: </translation>
    </message>
    <message>
        <source>not computed ({why})</source>
        <translation>não calculado ({why})</translation>
    </message>
    <message>
        <source>with nothing changed this machine moved a treatment&apos;s median by up to {max} % between repetitions (median over treatments {median} %); within it: {inside}</source>
        <translation>sem nenhuma mudança, esta máquina moveu a mediana de um tratamento em até {max} % entre repetições (mediana entre os tratamentos {median} %); dentro dele: {inside}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>a tidy CSV carries no profile or host facts</source>
        <extracomment>Host facts that make two hosts the same machine (load and time-of-run facts excluded).</extracomment>
        <translation>um CSV organizado não traz perfil nem dados do host</translation>
    </message>
    <message>
        <source>same profile</source>
        <translation>mesmo perfil</translation>
    </message>
    <message>
        <source>different profiles</source>
        <translation>perfis diferentes</translation>
    </message>
    <message>
        <source>same host</source>
        <translation>mesmo host</translation>
    </message>
    <message>
        <source>hosts {a} and {b} differ</source>
        <translation>os hosts {a} e {b} são diferentes</translation>
    </message>
    <message>
        <source>asked for ({why})</source>
        <translation>pedido ({why})</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>desligado</translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message numerus="yes">
        <source>%Ln table(s)</source>
        <translation>
            <numerusform>%Ln tabela</numerusform>
            <numerusform>%Ln tabelas</numerusform>
        </translation>
    </message>
    <message>
        <source>Runs to compare</source>
        <translation>Execuções a comparar</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>Comparar execuções</translation>
    </message>
    <message>
        <source>Pick two or more runs; the first is the baseline. A tidy sample CSV (e.g. published data from bancada import) can be one of them. For each treatment: the medians with their 95 % intervals, the change, the Holm-adjusted rank-sum p and ~ when it is not significant.</source>
        <translation>Escolha duas ou mais execuções; a primeira é a referência. Um CSV de amostras organizado (por exemplo, dados publicados convertidos com bancada import) pode ser uma delas. Para cada tratamento: as medianas com seus intervalos de 95 %, a mudança, o p da soma de postos ajustado por Holm e ~ quando a diferença não é significativa.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Adicionar</translation>
    </message>
    <message>
        <source>Add run file or CSV…</source>
        <translation>Adicionar arquivo de execução ou CSV…</translation>
    </message>
    <message>
        <source>Recent runs:</source>
        <translation>Execuções recentes:</translation>
    </message>
    <message>
        <source>Drag to reorder: the first run is the baseline</source>
        <translation>Arraste para reordenar: a primeira execução é a referência</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Add at least two runs, then Compare.</source>
        <translation>Adicione pelo menos duas execuções e clique em Comparar.</translation>
    </message>
    <message>
        <source>Baseline {b}; {tables}. Right-click a table to copy it as Markdown, LaTeX or CSV.</source>
        <translation>Referência {b}; {tables}. Clique com o botão direito numa tabela para copiá-la como Markdown, LaTeX ou CSV.</translation>
    </message>
    <message>
        <source>Add runs to compare</source>
        <translation>Adicionar execuções para comparar</translation>
    </message>
    <message>
        <source>Runs and tidy CSVs (*.sqlite *.csv);;Run files (*.sqlite);;Tidy sample CSV (*.csv)</source>
        <translation>Execuções e CSVs organizados (*.sqlite *.csv);;Arquivos de execução (*.sqlite);;CSV de amostras organizado (*.csv)</translation>
    </message>
    <message>
        <source>Add at least two runs to compare (the first is the baseline).</source>
        <translation>Adicione pelo menos duas execuções para comparar (a primeira é a referência).</translation>
    </message>
    <message>
        <source>Comparing {n} runs…</source>
        <translation>Comparando {n} execuções…</translation>
    </message>
    <message>
        <source>Cannot compare: {m}</source>
        <translation>Não é possível comparar: {m}</translation>
    </message>
</context>
<context>
    <name>Conclusions</name>
    <message>
        <source>negligible</source>
        <extracomment>Medians within this fraction of each other &quot;almost coincide&quot; (5 %).</extracomment>
        <translation>desprezível</translation>
    </message>
    <message>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <source>Cliff&apos;s δ({a}, {b}) = {d}</source>
        <translation>δ de Cliff({a}, {b}) = {d}</translation>
    </message>
    <message>
        <source>Wilcoxon rank-sum, W = {w}, Holm {p}, {delta}, {size}</source>
        <translation>soma de postos de Wilcoxon, W = {w}, Holm {p}, {delta}, {size}</translation>
    </message>
    <message>
        <source>{x} tends to be faster than {y}, significantly ({detail})</source>
        <translation>{x} tende a ser mais rápido que {y}, com diferença significativa ({detail})</translation>
    </message>
    <message>
        <source>; medians {x} {mx}, {y} {my}</source>
        <translation>; medianas {x} {mx}, {y} {my}</translation>
    </message>
    <message>
        <source>; the medians almost coincide ({y} {my}, {x} {mx}); in the ranks, {x} tends to be faster</source>
        <translation>; as medianas quase coincidem ({y} {my}, {x} {mx}); nos postos, {x} tende a ser mais rápido</translation>
    </message>
    <message>
        <source>; the medians order them the other way ({y} {my}, {x} {mx}); in the ranks, {x} tends to be faster</source>
        <translation>; as medianas os ordenam ao contrário ({y} {my}, {x} {mx}); nos postos, {x} tende a ser mais rápido</translation>
    </message>
    <message>
        <source>{x} and {y} do not differ significantly ({detail})</source>
        <translation>{x} e {y} não diferem significativamente ({detail})</translation>
    </message>
    <message>
        <source>; counting each repetition once (r = {r}), the difference is not significant (Holm {p}, {delta})</source>
        <translation>; contando cada repetição uma vez (r = {r}), a diferença não é significativa (Holm {p}, {delta})</translation>
    </message>
    <message>
        <source>no pair shows a direction in the ranks</source>
        <translation>nenhum par mostra uma direção nos postos</translation>
    </message>
    <message>
        <source>largest effect: {x} tends to be faster than {y} ({delta}, {size})</source>
        <translation>maior efeito: {x} tende a ser mais rápido que {y} ({delta}, {size})</translation>
    </message>
    <message>
        <source>the interaction {a}</source>
        <translation>a interação {a}</translation>
    </message>
    <message>
        <source>The latencies of {k} of {n} treatments do not follow a normal distribution (Shapiro-Wilk, p &lt; {a}), so the comparisons use rank tests.</source>
        <translation>As latências de {k} de {n} tratamentos não seguem uma distribuição normal (Shapiro-Wilk, p &lt; {a}); por isso as comparações usam testes de postos.</translation>
    </message>
    <message>
        <source>The experimental error is the largest share ({v}): the requests vary more on their own than with any factor.</source>
        <translation>O erro experimental é a maior parte ({v}): as requisições variam mais por si só do que com qualquer fator.</translation>
    </message>
    <message>
        <source>The number follows from this run&apos;s mean ({m}) and standard deviation ({s}) of {t}: n = (100 × {z} × s / ({e0} × mean))² grows with the square of their ratio ({cv}). A short pilot&apos;s few requests rarely meet the slow tail that widens the standard deviation, which is why a longer run often asks for more than its pilot suggested; the medians and rank tests above do not depend on this number.</source>
        <translation>O número vem da média ({m}) e do desvio padrão ({s}) de {t} nesta execução: n = (100 × {z} × s / ({e0} × média))² cresce com o quadrado da razão entre eles ({cv}). As poucas requisições de um piloto curto raramente encontram a cauda lenta que alarga o desvio padrão; por isso uma execução mais longa costuma pedir mais do que seu piloto sugeriu. As medianas e os testes de postos acima não dependem desse número.</translation>
    </message>
    <message>
        <source>The factor {f} affects the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).</source>
        <translation>O fator {f} afeta o tempo de resposta (Kruskal-Wallis, H = {h}, gl = {df}, {p}).</translation>
    </message>
    <message>
        <source>The factor {f} shows no clear effect on the response time (Kruskal-Wallis, H = {h}, df = {df}, {p}).</source>
        <translation>O fator {f} não mostra efeito claro sobre o tempo de resposta (Kruskal-Wallis, H = {h}, gl = {df}, {p}).</translation>
    </message>
    <message>
        <source>{f}, {v}</source>
        <translation>{f}, {v}</translation>
    </message>
    <message>
        <source>None of the {n} treatments departs clearly from a normal distribution (Shapiro-Wilk, p ≥ {a}); the comparisons use rank tests, which hold either way.</source>
        <translation>Nenhum dos {n} tratamentos se afasta claramente de uma distribuição normal (Shapiro-Wilk, p ≥ {a}); as comparações usam testes de postos, que valem de qualquer forma.</translation>
    </message>
    <message>
        <source>Allocation of variation (2^k r factorial design): {parts}.</source>
        <translation>Alocação de variação (projeto fatorial 2^k r): {parts}.</translation>
    </message>
    <message>
        <source>To estimate each mean within ±{e} at {c} confidence, up to {n} requests per treatment are needed ({t}); this run has {have}.</source>
        <translation>Para estimar cada média com erro de ±{e} e {c} de confiança, são necessárias até {n} requisições por tratamento ({t}); esta execução tem {have}.</translation>
    </message>
    <message>
        <source>The median response time of {a} ({ma}) was lower than that of {b} ({mb}).</source>
        <translation>A mediana do tempo de resposta de {a} ({ma}) foi menor que a de {b} ({mb}).</translation>
    </message>
    <message>
        <source>Conclusions</source>
        <translation>Conclusões</translation>
    </message>
    <message>
        <source>; counting each repetition once (r = {r}), {x} tends to be faster, significantly (Holm {p}, {delta}{floor})</source>
        <translation>; contando cada repetição uma vez (r = {r}), {x} tende a ser mais rápido, com diferença significativa (Holm {p}, {delta}{floor})</translation>
    </message>
    <message>
        <source>For each median within ±{e} at {c} confidence (the distribution-free interval from the order statistics, Conover 1999, §3.2, read off this run&apos;s distribution), up to {n} requests per treatment are needed ({t}); the rank tests compare medians, so this is the number that matches them.</source>
        <translation>Para cada mediana com erro de ±{e} e {c} de confiança (o intervalo livre de distribuição das estatísticas de ordem, Conover 1999, §3.2, lido da distribuição desta execução), são necessárias até {n} requisições por tratamento ({t}); os testes de postos comparam medianas, então este é o número que corresponde a eles.</translation>
    </message>
    <message>
        <source>; counting each repetition once (r = {r}), the test cannot decide: with {kc} its smallest possible Holm p is {pmin}, above α = {a}; r = {need} repetitions per treatment would let it decide</source>
        <translation>; contando cada repetição uma vez (r = {r}), o teste não pode decidir: com {kc}, seu menor p de Holm possível é {pmin}, acima de α = {a}; r = {need} repetições por tratamento permitiriam que ele decidisse</translation>
    </message>
    <message>
        <source>; {p} is the smallest p that r = {r} allows over {kc}</source>
        <translation>; {p} é o menor p que r = {r} permite em {kc}</translation>
    </message>
    <message>
        <source>The treatment does not depart clearly from a normal distribution (Shapiro-Wilk, p ≥ {a}); the comparisons use rank tests, which hold either way.</source>
        <translation>O tratamento não se afasta claramente de uma distribuição normal (Shapiro-Wilk, p ≥ {a}); as comparações usam testes de postos, que valem de qualquer forma.</translation>
    </message>
    <message>
        <source>The latencies of {k} of {n} treatment do not follow a normal distribution (Shapiro-Wilk, p &lt; {a}), so the comparisons use rank tests.</source>
        <translation>As latências de {k} de {n} tratamento não seguem uma distribuição normal (Shapiro-Wilk, p &lt; {a}); por isso as comparações usam testes de postos.</translation>
    </message>
</context>
<context>
    <name>ConclusionsPage</name>
    <message>
        <source>&amp;Read in a large view</source>
        <translation>&amp;Ler em tela grande</translation>
    </message>
    <message>
        <source>The conclusions in a window as large as the screen allows (Esc closes it)</source>
        <translation>As conclusões em uma janela do maior tamanho que a tela permite (Esc fecha)</translation>
    </message>
    <message>
        <source>Conclusions</source>
        <translation>Conclusões</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>&amp;Copy the conclusions</source>
        <translation>&amp;Copiar as conclusões</translation>
    </message>
</context>
<context>
    <name>CustomRequest</name>
    <message>
        <source>no such file: {path}{where}</source>
        <extracomment>Headers the driver writes itself (framing, connection policy).</extracomment>
        <translation>arquivo inexistente: {path}{where}</translation>
    </message>
    <message>
        <source>allowed: {names}</source>
        <extracomment>custom REST: the HTTP method (default POST with a body, else GET) custom REST: the path and query, e.g. /v1/select?x=1 custom REST: a table of request headers custom REST: the body, a template custom REST: a file sent as the body byte for byte custom gRPC: package.Service/Method custom gRPC: the request message as JSON (proto3 mapping), a template custom gRPC: a file holding the request message as JSON custom gRPC: a .proto file with the method (default: the server&apos;s reflection) custom gRPC: include folders of the .proto custom gRPC: a FileDescriptorSet with the method</extracomment>
        <translation>permitidos: {names}</translation>
    </message>
    <message>
        <source>a path starts with / and holds no spaces (e.g. /v1/select?x=1)</source>
        <translation>um caminho começa com / e não tem espaços (por exemplo /v1/select?x=1)</translation>
    </message>
    <message>
        <source>header name {name!r} is not an HTTP token</source>
        <translation>o nome de cabeçalho {name!r} não é um token HTTP</translation>
    </message>
    <message>
        <source>header {name!r} is written by the driver; leave it out</source>
        <translation>o cabeçalho {name!r} é escrito pelo driver; deixe-o de fora</translation>
    </message>
    <message>
        <source>header {name!r}: a value holds no line breaks</source>
        <translation>cabeçalho {name!r}: um valor não tem quebras de linha</translation>
    </message>
    <message>
        <source>template error: {exc}</source>
        <translation>erro no modelo: {exc}</translation>
    </message>
    <message>
        <source>a full method name is package.Service/Method, e.g. bancada.v1.Bench/Select</source>
        <translation>um nome completo de método é pacote.Serviço/Método, por exemplo bancada.v1.Bench/Select</translation>
    </message>
    <message>
        <source>no such folder: {p}</source>
        <translation>pasta inexistente: {p}</translation>
    </message>
    <message>
        <source>{given} is only for operation = &apos;custom&apos;</source>
        <translation>{given} é só para operation = &apos;custom&apos;</translation>
    </message>
    <message>
        <source>a custom workload needs path (REST) and/or grpc_method (gRPC)</source>
        <translation>uma carga de trabalho personalizada precisa de path (REST) e/ou grpc_method (gRPC)</translation>
    </message>
    <message>
        <source>{rest} belongs to a REST request: give its path too</source>
        <translation>{rest} pertence a uma requisição REST: informe também o path</translation>
    </message>
    <message>
        <source>{grpc} belongs to a gRPC request: give its grpc_method too</source>
        <translation>{grpc} pertence a uma requisição gRPC: informe também o grpc_method</translation>
    </message>
    <message>
        <source>give {a} or {b}, not both</source>
        <translation>informe {a} ou {b}, não os dois</translation>
    </message>
    <message>
        <source>proto_path goes with proto</source>
        <translation>proto_path acompanha proto</translation>
    </message>
    <message>
        <source>request is not valid JSON once rendered: {exc}</source>
        <translation>request não é JSON válido depois de gerado: {exc}</translation>
    </message>
    <message>
        <source>cannot read body_file {body_file}: {strerror}</source>
        <translation>não é possível ler body_file {body_file}: {strerror}</translation>
    </message>
    <message>
        <source>cannot read request_file {request_file}: {strerror}</source>
        <translation>não é possível ler request_file {request_file}: {strerror}</translation>
    </message>
    <message>
        <source>request_file {request_file} is not JSON: {exc}</source>
        <translation>request_file {request_file} não é JSON: {exc}</translation>
    </message>
    <message>
        <source>cannot read protoset {protoset}: {strerror}</source>
        <translation>não é possível ler o protoset {protoset}: {strerror}</translation>
    </message>
    <message>
        <source>compiling a .proto needs the grpcio-tools package; install it, or give a protoset (protoc --include_imports --descriptor_set_out=x.protoset)</source>
        <translation>compilar um .proto precisa do pacote grpcio-tools; instale-o ou informe um protoset (protoc --include_imports --descriptor_set_out=x.protoset)</translation>
    </message>
    <message>
        <source>{path} is in none of the proto_path folders {names}</source>
        <translation>{path} não está em nenhuma das pastas de proto_path {names}</translation>
    </message>
    <message>
        <source>compiling {path} took longer than {timeout_s:g} s</source>
        <translation>compilar {path} levou mais de {timeout_s:g} s</translation>
    </message>
    <message>
        <source>{path} does not compile: {first}</source>
        <translation>{path} não compila: {first}</translation>
    </message>
    <message>
        <source>treatment {id} ({impl} / {wl}): {rest}</source>
        <translation>tratamento {id} ({impl} / {wl}): {rest}</translation>
    </message>
    <message>
        <source>gRPC method {m}: {rest}</source>
        <translation>método gRPC {m}: {rest}</translation>
    </message>
    <message>
        <source>the server at {t}: service {s} has no method {m} (methods: {names})</source>
        <translation>o servidor em {t}: o serviço {s} não tem o método {m} (métodos: {names})</translation>
    </message>
    <message>
        <source>the protoset: service {s} has no method {m} (methods: {names})</source>
        <translation>o protoset: o serviço {s} não tem o método {m} (métodos: {names})</translation>
    </message>
    <message>
        <source>the server at {t} has no service {s} (services: {names})</source>
        <translation>o servidor em {t} não tem o serviço {s} (serviços: {names})</translation>
    </message>
    <message>
        <source>the protoset has no service {s} (services: {names})</source>
        <translation>o protoset não tem o serviço {s} (serviços: {names})</translation>
    </message>
    <message>
        <source>the server at {t} has no service {s} (server reflection: {why})</source>
        <translation>o servidor em {t} não tem o serviço {s} (reflexão do servidor: {why})</translation>
    </message>
    <message>
        <source>the server at {t} does not offer server reflection; name a .proto or protoset file in the workload (proto = ... or protoset = ...)</source>
        <translation>o servidor em {t} não oferece reflexão do servidor; indique um arquivo .proto ou protoset na carga de trabalho (proto = ... ou protoset = ...)</translation>
    </message>
    <message>
        <source>the server at {t} did not answer server reflection within {d}</source>
        <translation>o servidor em {t} não respondeu à reflexão do servidor em {d}</translation>
    </message>
    <message>
        <source>server reflection on {t} failed: {why}</source>
        <translation>a reflexão do servidor em {t} falhou: {why}</translation>
    </message>
    <message>
        <source>cannot connect to {t} for server reflection: {why}</source>
        <translation>não é possível conectar a {t} para a reflexão do servidor: {why}</translation>
    </message>
    <message>
        <source>is a streaming method; Bancada measures unary calls only</source>
        <translation>é um método de streaming; o Bancada mede só chamadas unárias</translation>
    </message>
    <message>
        <source>the JSON request does not fit {type}: {why}</source>
        <translation>a requisição JSON não corresponde a {type}: {why}</translation>
    </message>
    <message>
        <source>cannot encode the {type} request: {why}</source>
        <translation>não é possível codificar a requisição {type}: {why}</translation>
    </message>
    <message>
        <source>the protoset is not a FileDescriptorSet: {why}</source>
        <translation>o protoset não é um FileDescriptorSet: {why}</translation>
    </message>
    <message>
        <source>the descriptors do not link: {why}</source>
        <translation>os descritores não se ligam: {why}</translation>
    </message>
    <message>
        <source>no gRPC server answered at {t} within {s:g} s</source>
        <translation>nenhum servidor gRPC respondeu em {t} em {s:g} s</translation>
    </message>
    <message>
        <source>cannot read {path}: {why}</source>
        <translation>não é possível ler {path}: {why}</translation>
    </message>
    <message>
        <source>{path} is not a .proto or protoset Bancada can read: {why}</source>
        <translation>{path} não é um .proto ou protoset que o Bancada consiga ler: {why}</translation>
    </message>
</context>
<context>
    <name>Database</name>
    <message>
        <source>give password_env or password_file, not both (the password comes from one)</source>
        <extracomment>The environment variable a worker reads the database&apos;s libpq URI from (workers/README.md). The worker option giving its connection-pool size (workers/README.md). private: Bancada starts PostgreSQL on host; external: the server at url local or a saved SSH host&apos;s name (None: the workers&apos; host) seed of the fake records rows of the pets table rows of the people table each database worker&apos;s connection-pool size (connections) repetition: the seeded state before every repetition; never external only: the server&apos;s libpq URI, without a password external only: the environment variable holding the password external only: a file holding the password</extracomment>
        <translation>dê password_env ou password_file, não os dois (a senha vem de um deles)</translation>
    </message>
    <message>
        <source>Bancada does not restart a server it did not start</source>
        <translation>o Bancada não reinicia um servidor que ele não iniciou</translation>
    </message>
    <message>
        <source>{field} is for server = &quot;external&quot;; a private server has no password and its own address</source>
        <translation>{field} é para server = &quot;external&quot;; um servidor privado não tem senha e tem seu próprio endereço</translation>
    </message>
    <message>
        <source>server = &quot;external&quot; needs url, e.g. &quot;postgresql://bench@db.example:5432/bench&quot;</source>
        <translation>server = &quot;external&quot; precisa de url, por exemplo &quot;postgresql://bench@db.example:5432/bench&quot;</translation>
    </message>
    <message>
        <source>host is for server = &quot;private&quot;; an external server is at its url</source>
        <translation>host é para server = &quot;private&quot;; um servidor externo está na sua url</translation>
    </message>
    <message>
        <source>database: the environment variable {name} (password_env) is not set or empty</source>
        <translation>database: a variável de ambiente {name} (password_env) não está definida ou está vazia</translation>
    </message>
    <message>
        <source>database: a private server has no url in the profile</source>
        <translation>database: um servidor privado não tem url no perfil</translation>
    </message>
    <message>
        <source>url {url} is not a PostgreSQL URI; expected postgresql://user@host:port/database</source>
        <translation>a url {url} não é uma URI do PostgreSQL; esperado postgresql://usuário@host:porta/banco</translation>
    </message>
    <message>
        <source>url holds a password; give it in password_env or password_file (the profile is stored with the run)</source>
        <translation>a url contém uma senha; dê-a em password_env ou password_file (o perfil é guardado com a execução)</translation>
    </message>
    <message>
        <source>database: the password file {path} does not exist</source>
        <translation>database: o arquivo de senha {path} não existe</translation>
    </message>
    <message>
        <source>database: cannot read the password file {path}: {why}</source>
        <translation>database: não é possível ler o arquivo de senha {path}: {why}</translation>
    </message>
    <message>
        <source>database: the password file {path} is readable by every user; make it private (chmod 600 {path})</source>
        <translation>database: o arquivo de senha {path} pode ser lido por qualquer usuário; torne-o privado (chmod 600 {path})</translation>
    </message>
    <message>
        <source>database: the password file {path} is empty</source>
        <translation>database: o arquivo de senha {path} está vazio</translation>
    </message>
    <message>
        <source>the workloads use the database and the profile has no [database] table: using the default (a private PostgreSQL on the workers&apos; host, seed 1, 1000 pets, 1000 people, pool size 10, reset before every repetition)</source>
        <translation>as cargas de trabalho usam o banco de dados e o perfil não tem a tabela [database]: usando a padrão (um PostgreSQL privado no host dos workers, semente 1, 1000 pets, 1000 pessoas, pool de 10 conexões, restaurado antes de cada repetição)</translation>
    </message>
    <message>
        <source>cannot connect to the external PostgreSQL server {host}:{port}: {why}</source>
        <translation>não é possível conectar ao servidor PostgreSQL externo {host}:{port}: {why}</translation>
    </message>
    <message>
        <source>a private database on this computer listens on its loopback only and the workers run on {host}: put the database on an SSH host (database.host = &quot;{host}&quot;) or use an external server</source>
        <translation>um banco de dados privado neste computador escuta só na sua interface de loopback e os workers rodam em {host}: coloque o banco de dados num host SSH (database.host = &quot;{host}&quot;) ou use um servidor externo</translation>
    </message>
    <message>
        <source>the private PostgreSQL server is not started</source>
        <extracomment>The postmaster&apos;s exit status is not known over SSH (see :meth:`check`&apos;s message).</extracomment>
        <translation>o servidor PostgreSQL privado não foi iniciado</translation>
    </message>
    <message>
        <source>PostgreSQL&apos;s server programs are not installed on {host} (no /usr/lib/postgresql/&lt;version&gt;/bin/postgres): install Debian&apos;s package postgresql there</source>
        <translation>os programas do servidor PostgreSQL não estão instalados em {host} (não há /usr/lib/postgresql/&lt;versão&gt;/bin/postgres): instale lá o pacote postgresql do Debian</translation>
    </message>
    <message>
        <source>PostgreSQL refuses to run as root and {host} has no &apos;postgres&apos; user to run it as: install Debian&apos;s package postgresql there (it creates that user) or connect as another user</source>
        <translation>o PostgreSQL se recusa a rodar como root e {host} não tem o usuário &apos;postgres&apos; para rodá-lo: instale lá o pacote postgresql do Debian (ele cria esse usuário) ou conecte-se como outro usuário</translation>
    </message>
    <message>
        <source>initdb failed on {host} (status {code}): {tail}</source>
        <translation>o initdb falhou em {host} (status {code}): {tail}</translation>
    </message>
    <message>
        <source>PostgreSQL did not start on {host} (status {code}): {tail}</source>
        <translation>o PostgreSQL não iniciou em {host} (status {code}): {tail}</translation>
    </message>
    <message>
        <source>cannot connect to the PostgreSQL server on {host} port {port}: {why}</source>
        <translation>não é possível conectar ao servidor PostgreSQL em {host}, porta {port}: {why}</translation>
    </message>
    <message>
        <source>the private PostgreSQL server on {host} (port {port}) is not running</source>
        <translation>o servidor PostgreSQL privado em {host} (porta {port}) não está rodando</translation>
    </message>
    <message>
        <source>the numbers of pets and people cannot be negative, got {pets} and {people}</source>
        <extracomment>The pet kinds a record&apos;s ``type`` is drawn from (Gofakeit&apos;s ``AnimalType`` in the seed). Person.gender as Gofakeit&apos;s ``Gender`` gives it. created_at of record 1; record i is ``EPOCH + (i - 1) minutes``.</extracomment>
        <translation>os números de pets e pessoas não podem ser negativos, recebidos {pets} e {people}</translation>
    </message>
    <message>
        <source>{which} is not installed on this computer (no {root}/&lt;version&gt;/bin/postgres): install Debian&apos;s package postgresql (apt-get install postgresql)</source>
        <extracomment>Where Debian&apos;s postgresql-&lt;version&gt; package puts the server&apos;s programs. The role and database the workers connect as (trust authentication: no password). The unprivileged user initdb and postgres run as when Bancada runs as root.</extracomment>
        <translation>{which} não está instalado neste computador (não há {root}/&lt;versão&gt;/bin/postgres): instale o pacote postgresql do Debian (apt-get install postgresql)</translation>
    </message>
    <message>
        <source>the private PostgreSQL server is already started</source>
        <translation>o servidor PostgreSQL privado já foi iniciado</translation>
    </message>
    <message>
        <source>PostgreSQL refuses to run as root and there is no &apos;{ROOT_RUNS_AS}&apos; user to run it as: install Debian&apos;s package postgresql (it creates that user) or run Bancada as another user</source>
        <translation>o PostgreSQL se recusa a rodar como root e não há o usuário &apos;{ROOT_RUNS_AS}&apos; para rodá-lo: instale o pacote postgresql do Debian (ele cria esse usuário) ou execute o Bancada como outro usuário</translation>
    </message>
    <message>
        <source>initdb failed (exit {returncode}): {log_path}</source>
        <translation>o initdb falhou (saída {returncode}): {log_path}</translation>
    </message>
    <message>
        <source>PostgreSQL did not start on 127.0.0.1:{port}: {tail}</source>
        <translation>o PostgreSQL não iniciou em 127.0.0.1:{port}: {tail}</translation>
    </message>
    <message>
        <source>cannot connect to the private PostgreSQL server on port {port}: {first}</source>
        <translation>não é possível conectar ao servidor PostgreSQL privado na porta {port}: {first}</translation>
    </message>
    <message>
        <source>the private PostgreSQL server (pid {pid}, port {port}) exited with code {code}: {log_path}</source>
        <translation>o servidor PostgreSQL privado (pid {pid}, porta {port}) terminou com código {code}: {log_path}</translation>
    </message>
</context>
<context>
    <name>DesignGroup</name>
    <message>
        <source>Design</source>
        <translation>Projeto do experimento</translation>
    </message>
    <message>
        <source>Repetitions r</source>
        <translation>Repetições r</translation>
    </message>
    <message>
        <source>Requests n</source>
        <translation>Requisições n</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>Aquecimento</translation>
    </message>
    <message>
        <source>after the count</source>
        <translation>após a contagem</translation>
    </message>
    <message>
        <source>steady, 1st block</source>
        <translation>estável, 1º bloco</translation>
    </message>
    <message>
        <source>steady, every block</source>
        <translation>estável, todo bloco</translation>
    </message>
    <message>
        <source>When a treatment&apos;s warm-up ends: after the count of requests, or once its latency is steady (at least the count; capped), in its first block only or in every block</source>
        <translation>Quando termina o aquecimento de um tratamento: após a contagem de requisições, ou quando sua latência fica estável (no mínimo a contagem; com limite), só no primeiro bloco ou em todo bloco</translation>
    </message>
    <message>
        <source>Warm-up ends</source>
        <translation>Fim do aquecimento</translation>
    </message>
    <message>
        <source>Randomized blocks</source>
        <translation>Blocos aleatorizados</translation>
    </message>
    <message>
        <source>Sequential (as the seed study)</source>
        <translation>Sequencial (como o estudo de referência)</translation>
    </message>
    <message>
        <source>Alternating requests</source>
        <translation>Requisições alternadas</translation>
    </message>
    <message>
        <source>Each repetition runs every treatment once as a block with its own warm-up, in a shuffled order, so drift of the machine does not favour one treatment.</source>
        <translation>Cada repetição executa cada tratamento uma vez, como um bloco com o seu próprio aquecimento, em ordem embaralhada, para que a deriva da máquina não favoreça nenhum tratamento.</translation>
    </message>
    <message>
        <source>Each repetition runs the treatments one after another in the profile&apos;s order, as the reference study did.</source>
        <translation>Cada repetição executa os tratamentos um após o outro, na ordem do perfil, como fez o estudo de referência.</translation>
    </message>
    <message>
        <source>Requests alternate between treatments one by one: this measures the cost of switching servers and inflates small-payload latencies.</source>
        <translation>As requisições alternam entre os tratamentos uma a uma: isso mede o custo de trocar de servidor e infla as latências de cargas pequenas.</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Ordem</translation>
    </message>
    <message>
        <source>Reuse one connection</source>
        <translation>Reutilizar uma conexão</translation>
    </message>
    <message>
        <source>New connection per request</source>
        <translation>Nova conexão por requisição</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <source>Auto (native where built)</source>
        <translation>Automático (nativo onde compilado)</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Native (Go)</source>
        <translation>Nativo (Go)</translation>
    </message>
    <message>
        <source>Locust (distributed)</source>
        <translation>Locust (distribuído)</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <source>Stop the run</source>
        <translation>Parar a execução</translation>
    </message>
    <message>
        <source>Go on with the others</source>
        <translation>Continuar com os demais</translation>
    </message>
    <message>
        <source>What to do when a worker dies mid-run; nothing measured is lost either way</source>
        <translation>O que fazer quando um worker morre no meio da execução; nada do que foi medido se perde em nenhum dos casos</translation>
    </message>
    <message>
        <source>If a worker dies</source>
        <translation>Se um worker morrer</translation>
    </message>
    <message>
        <source>Mark incomplete</source>
        <translation>Marcar como incompleta</translation>
    </message>
    <message>
        <source>Pause, reconnect</source>
        <translation>Pausar e reconectar</translation>
    </message>
    <message>
        <source>SSH hosts: what to do when the connection drops mid-run. Pause keeps reconnecting (Stop gives up), restarts the workers and goes on; the interrupted block stays partial. Nothing measured is lost either way</source>
        <translation>Hosts SSH: o que fazer quando a conexão cai no meio da execução. Pausar continua tentando reconectar (Parar desiste), reinicia os workers e segue; o bloco interrompido fica parcial. Nada do que foi medido se perde em nenhum dos casos</translation>
    </message>
    <message>
        <source>If SSH drops</source>
        <translation>Se o SSH cair</translation>
    </message>
    <message>
        <source>Profile the servers&apos; CPU</source>
        <translation>Perfilar a CPU dos servidores</translation>
    </message>
    <message>
        <source>Sample each worker with its language&apos;s profiler during every block: flame graphs per treatment</source>
        <translation>Amostrar cada worker com o profiler da sua linguagem durante cada bloco: flame graphs por tratamento</translation>
    </message>
</context>
<context>
    <name>Driver</name>
    <message>
        <source>the Python driver does not run the vus load model (virtual users need one client per user on one clock, which this reference driver does not keep); use the native driver</source>
        <translation>o driver Python não executa o modelo de carga vus (usuários virtuais precisam de um cliente por usuário num mesmo relógio, o que este driver de referência não mantém); use o driver nativo</translation>
    </message>
</context>
<context>
    <name>ExperimentPanel</name>
    <message>
        <source>Host</source>
        <extracomment>How wide an implementation&apos;s &quot;cannot run&quot; reason may be in the panel (the panel stays narrow at 1024 x 768). How wide an implementation&apos;s name (and an external server&apos;s address) may be in the panel. The operations the panel&apos;s widgets edit; a profile&apos;s workloads of other operations are run as written. The operation entry that runs the profile&apos;s own workloads (seed 001&apos;s database methods, seed 002&apos;s methods). The language an [[external]] server has when its profile names none (experiment/external.py).</extracomment>
        <translation>Host</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Este computador</translation>
    </message>
    <message>
        <source>Where the implementations under test run</source>
        <translation>Onde as implementações em teste são executadas</translation>
    </message>
    <message>
        <source>Hosts…</source>
        <translation>Hosts…</translation>
    </message>
    <message>
        <source>Add or edit SSH target hosts</source>
        <translation>Adicionar ou editar hosts de destino via SSH</translation>
    </message>
    <message>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <source>Checking what this host can run…</source>
        <translation>Verificando o que este host pode executar…</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Select: N ints in, 3 out</source>
        <translation>Select: N inteiros na entrada, 3 na saída</translation>
    </message>
    <message>
        <source>Echo: payload in, count out</source>
        <translation>Echo: payload na entrada, contagem na saída</translation>
    </message>
    <message>
        <source>Ping: empty (overhead floor)</source>
        <translation>Ping: vazio (custo mínimo)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operação</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>Payload</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>Cargas de trabalho</translation>
    </message>
    <message>
        <source>Custom count</source>
        <translation>Tamanho personalizado</translation>
    </message>
    <message>
        <source>Element type of the payload (Select always sends int64s)</source>
        <translation>Tipo dos elementos do payload (Select sempre envia int64s)</translation>
    </message>
    <message>
        <source>Data kind</source>
        <translation>Tipo de dado</translation>
    </message>
    <message>
        <source>{name} ({n} elements)</source>
        <translation>{name} ({n} elementos)</translation>
    </message>
    <message>
        <source>As the profile: its own workloads</source>
        <translation>Como no perfil: as cargas de trabalho dele</translation>
    </message>
    <message>
        <source>{name} ({operation}, {n} rows)</source>
        <translation>{name} ({operation}, {n} linhas)</translation>
    </message>
    <message>
        <source>{name} ({operation})</source>
        <translation>{name} ({operation})</translation>
    </message>
    <message>
        <source>{lang} worker serving {proto}</source>
        <translation>worker {lang} servindo {proto}</translation>
    </message>
    <message>
        <source>cannot run: {why}</source>
        <translation>não pode executar: {why}</translation>
    </message>
    <message>
        <source>{target}: external, not started by Bancada</source>
        <translation>{target}: externo, não iniciado pela Bancada</translation>
    </message>
    <message>
        <source>No implementations found (workers/*/worker.toml)</source>
        <translation>Nenhuma implementação encontrada (workers/*/worker.toml)</translation>
    </message>
    <message>
        <source>Cannot ask the host what it runs: {m}</source>
        <translation>Não foi possível perguntar ao host o que ele executa: {m}</translation>
    </message>
    <message>
        <source>Waiting for the list of implementations…</source>
        <translation>Aguardando a lista de implementações…</translation>
    </message>
    <message>
        <source>Choose at least one implementation</source>
        <translation>Escolha pelo menos uma implementação</translation>
    </message>
    <message>
        <source>The Python driver sends one request at a time: choose Driver Auto or Native (Go) for the {m} load model</source>
        <translation>O driver Python envia uma requisição por vez: escolha o driver Automático ou Nativo (Go) para o modelo de carga {m}</translation>
    </message>
    <message>
        <source>Choose at least one workload</source>
        <translation>Escolha pelo menos uma carga de trabalho</translation>
    </message>
    <message>
        <source>Choose at least one payload</source>
        <translation>Escolha pelo menos um payload</translation>
    </message>
    <message>
        <source>the experiment panel</source>
        <translation>o painel do experimento</translation>
    </message>
    <message>
        <source>Ignored: the Load duration sets the measured phase</source>
        <translation>Ignorado: a duração da carga define a fase medida</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <source>flame graphs: {paths}</source>
        <translation>gráficos de chama: {paths}</translation>
    </message>
</context>
<context>
    <name>ExportPage</name>
    <message>
        <source>F&amp;older:</source>
        <translation>&amp;Pasta:</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>Esco&amp;lher…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>Exp&amp;ortar</translation>
    </message>
</context>
<context>
    <name>External</name>
    <message>
        <source>allowed: host:port, [v6]:port or http://host:port</source>
        <translation>permitidos: host:porta, [v6]:porta ou http://host:porta</translation>
    </message>
    <message>
        <source>scheme {scheme!r} is not supported (no TLS); {allowed}</source>
        <translation>o esquema {scheme!r} não é suportado (sem TLS); {allowed}</translation>
    </message>
    <message>
        <source>an address holds no path; put the path in the workload (path = ...)</source>
        <translation>um endereço não tem caminho; ponha o caminho na carga de trabalho (path = ...)</translation>
    </message>
    <message>
        <source>an address holds no user or password; use a header in the workload</source>
        <translation>um endereço não tem usuário nem senha; use um cabeçalho na carga de trabalho</translation>
    </message>
    <message>
        <source>bad port; {allowed}</source>
        <translation>porta inválida; {allowed}</translation>
    </message>
    <message>
        <source>not an address with a port; {allowed}</source>
        <translation>não é um endereço com porta; {allowed}</translation>
    </message>
    <message>
        <source>{host!r} in brackets is not an IPv6 address</source>
        <translation>{host!r} entre colchetes não é um endereço IPv6</translation>
    </message>
    <message>
        <source>no host; {allowed}</source>
        <translation>falta o host; {allowed}</translation>
    </message>
    <message>
        <source>{host!r} is not a host name or IP address</source>
        <translation>{host!r} não é um nome de host nem um endereço IP</translation>
    </message>
    <message>
        <source>port {port} is not in 1..65535</source>
        <translation>a porta {port} não está em 1..65535</translation>
    </message>
    <message>
        <source>letters, digits and . _ : - only, starting with a letter or digit (e.g. my-server-rest)</source>
        <extracomment>the implementation id the profile lists in experiment.implementations rest or grpc host:port where the service answers the level of the factor language for this service a sentence on the service, in the run&apos;s facts</extracomment>
        <translation>só letras, dígitos e . _ : -, começando com letra ou dígito (por exemplo meu-servidor-rest)</translation>
    </message>
    <message>
        <source>no answer within {t:g} s</source>
        <translation>sem resposta em {t:g} s</translation>
    </message>
    <message>
        <source>unknown host ({why})</source>
        <translation>host desconhecido ({why})</translation>
    </message>
    <message>
        <source>connection refused</source>
        <translation>conexão recusada</translation>
    </message>
    <message>
        <source>cannot reach {id} at {target}: {why}</source>
        <translation>não é possível alcançar {id} em {target}: {why}</translation>
    </message>
</context>
<context>
    <name>FactorsPage</name>
    <message>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <source>Payloads</source>
        <translation>Payloads</translation>
    </message>
</context>
<context>
    <name>FlameCanvas</name>
    <message>
        <source>{name}: {share} of the samples ({n})</source>
        <translation>{name}: {share} das amostras ({n})</translation>
    </message>
    <message>
        <source>; {d} points against the other treatment</source>
        <translation>; {d} pontos em relação ao outro tratamento</translation>
    </message>
</context>
<context>
    <name>FlameView</name>
    <message>
        <source>Flame graph</source>
        <translation>Flame graph</translation>
    </message>
    <message>
        <source>{name} {share} %</source>
        <translation>{name} {share} %</translation>
    </message>
    <message>
        <source>The widest frames: {frames}.</source>
        <translation>Os quadros mais largos: {frames}.</translation>
    </message>
    <message>
        <source>Treatment</source>
        <translation>Tratamento</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>Comparar com</translation>
    </message>
    <message>
        <source>(nothing: one flame graph)</source>
        <translation>(nada: um flame graph só)</translation>
    </message>
    <message>
        <source>No CPU profiles in this run (turn on Profile CPU before running).</source>
        <translation>Esta execução não tem perfis de CPU (marque Perfilar a CPU antes de executar).</translation>
    </message>
    <message>
        <source>{label}: no samples (its worker used too little CPU while profiled).</source>
        <translation>{label}: nenhuma amostra (o worker usou pouquíssima CPU enquanto era perfilado).</translation>
    </message>
    <message>
        <source>{a} ({n} samples) against {b}: red frames take a larger share in {a}, blue a smaller.</source>
        <translation>{a} ({n} amostras) comparado com {b}: quadros vermelhos ocupam uma fatia maior em {a}; azuis, uma menor.</translation>
    </message>
    <message>
        <source>{label}: {n} samples by {tool}; width is the share of the samples, callers below.</source>
        <translation>{label}: {n} amostras do {tool}; a largura é a fatia das amostras, quem chama fica embaixo.</translation>
    </message>
    <message>
        <source>The worker also served {others} in the same blocks.</source>
        <translation>O worker também atendeu {others} nos mesmos blocos.</translation>
    </message>
    <message>
        <source>Flame graphs</source>
        <translation>Flame graphs</translation>
    </message>
</context>
<context>
    <name>FrameModel</name>
    <message>
        <source>column {c} in the exported CSV</source>
        <translation>coluna {c} no CSV exportado</translation>
    </message>
</context>
<context>
    <name>GuideResults</name>
    <message>
        <source>The Statistics tab has no such table for this run.</source>
        <translation>A aba Estatísticas não tem essa tabela para esta execução.</translation>
    </message>
    <message>
        <source>Reading the CPU profiles…</source>
        <translation>Lendo os perfis de CPU…</translation>
    </message>
    <message>
        <source>Writing the conclusions…</source>
        <translation>Escrevendo as conclusões…</translation>
    </message>
    <message>
        <source>The conclusions could not be written: {m}</source>
        <translation>Não foi possível escrever as conclusões: {m}</translation>
    </message>
    <message>
        <source>The conclusions are on the clipboard</source>
        <translation>As conclusões estão na área de transferência</translation>
    </message>
    <message>
        <source>Export into folder</source>
        <translation>Exportar para a pasta</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportando…</translation>
    </message>
    <message>
        <source>Written to {f}: {names}</source>
        <translation>Gravado em {f}: {names}</translation>
    </message>
</context>
<context>
    <name>GuideRuns</name>
    <message>
        <source>Run the &amp;pilot</source>
        <translation>Executar o p&amp;iloto</translation>
    </message>
    <message>
        <source>Start the &amp;main run</source>
        <translation>&amp;Iniciar a execução principal</translation>
    </message>
    <message>
        <source>Profile the servers&apos; CPU</source>
        <translation>Perfilar a CPU dos servidores</translation>
    </message>
    <message>
        <source>adds the optional step “Why?”: where the servers&apos; time goes</source>
        <translation>acrescenta a etapa opcional “Por quê?”: onde vai o tempo dos servidores</translation>
    </message>
    <message>
        <source>The pilot: {n} requests per treatment in each of {r} repetitions, {warmup}.</source>
        <translation>O piloto: {n} requisições por tratamento em cada uma de {r} repetições, {warmup}.</translation>
    </message>
    <message>
        <source>after at least {w} warm-up requests, until its latency is steady, in every block</source>
        <translation>depois de pelo menos {w} requisições de aquecimento, até a latência se estabilizar, em cada bloco</translation>
    </message>
    <message>
        <source>after at least {w} warm-up requests, until its latency is steady, in its first block</source>
        <translation>depois de pelo menos {w} requisições de aquecimento, até a latência se estabilizar, no primeiro bloco</translation>
    </message>
    <message>
        <source>after {w} warm-up requests</source>
        <translation>depois de {w} requisições de aquecimento</translation>
    </message>
    <message>
        <source>The main run: {n} requests per treatment in each of {r} repetitions, {warmup}.</source>
        <translation>A execução principal: {n} requisições por tratamento em cada uma de {r} repetições, {warmup}.</translation>
    </message>
    <message>
        <source>Running: watch the boxes grow in the Live tab (Stop is in the toolbar).</source>
        <translation>Executando: veja as caixas crescerem na aba Ao vivo (Parar fica na barra de ferramentas).</translation>
    </message>
    <message>
        <source>The run is complete; computing its statistics…</source>
        <translation>A execução terminou; calculando suas estatísticas…</translation>
    </message>
    <message>
        <source>Done: {p}</source>
        <translation>Pronto: {p}</translation>
    </message>
    <message>
        <source>The run did not complete; press the button to run it again.</source>
        <translation>A execução não terminou; pressione o botão para executá-la de novo.</translation>
    </message>
    <message>
        <source>Running: {counts} ({pct}), {eta} left. Watch the boxes grow in the Live tab (Stop is in the toolbar).</source>
        <translation>Executando: {counts} ({pct}), faltam {eta}. Veja as caixas crescerem na aba Ao vivo (Parar fica na barra de ferramentas).</translation>
    </message>
    <message>
        <source>To run it again, change the requests per repetition in the step before.</source>
        <translation>Para executá-la de novo, altere as requisições por repetição no passo anterior.</translation>
    </message>
    <message>
        <source>The pilot gave nothing to compute a sample size from: type the requests per repetition.</source>
        <translation>O piloto não deu dados para calcular um tamanho de amostra: digite as requisições por repetição.</translation>
    </message>
    <message>
        <source>Start the &amp;main run ({d})</source>
        <translation>&amp;Iniciar a execução principal ({d})</translation>
    </message>
</context>
<context>
    <name>GuidedExperiment</name>
    <message>
        <source>Guided experiment</source>
        <extracomment>The card of the shipped profiles/my-service.toml: it opens the form “My own service” too.</extracomment>
        <translation>Experimento guiado</translation>
    </message>
    <message>
        <source>← &amp;Back</source>
        <translation>← &amp;Voltar</translation>
    </message>
    <message>
        <source>&amp;Next →</source>
        <translation>Próxi&amp;mo →</translation>
    </message>
    <message>
        <source>Step {k} of {n}</source>
        <translation>Passo {k} de {n}</translation>
    </message>
    <message>
        <source>What to look at: {h}</source>
        <translation>O que observar: {h}</translation>
    </message>
    <message>
        <source>Fi&amp;nish</source>
        <translation>&amp;Concluir</translation>
    </message>
    <message>
        <source>The design: {d}.</source>
        <translation>O projeto: {d}.</translation>
    </message>
</context>
<context>
    <name>HostPage</name>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>SSH host&amp;s…</source>
        <translation>Host&amp;s SSH…</translation>
    </message>
    <message>
        <source>Add or edit SSH target hosts</source>
        <translation>Adicionar ou editar hosts de destino via SSH</translation>
    </message>
    <message>
        <source>{impl} ({what}): can run</source>
        <translation>{impl} ({what}): pode executar</translation>
    </message>
    <message>
        <source>{impl} ({what}): cannot run: {why}</source>
        <translation>{impl} ({what}): não pode executar: {why}</translation>
    </message>
</context>
<context>
    <name>Hosts</name>
    <message>
        <source>unknown host {name!r}: only &apos;local&apos; is available in this build</source>
        <extracomment>The names of this computer.</extracomment>
        <translation>host desconhecido {name!r}: só &apos;local&apos; está disponível nesta versão</translation>
    </message>
    <message>
        <source>cannot build a wheel of {name}=={version} for the host: {err}</source>
        <translation>não foi possível compilar um wheel de {name}=={version} para o host: {err}</translation>
    </message>
    <message>
        <source>cannot choose the Python worker&apos;s wheels for this host: its python3, architecture or glibc version is unknown (python3: {python}, arch: {arch}, glibc: {glibc})</source>
        <translation>não foi possível escolher os wheels do worker Python para este host: o python3, a arquitetura ou a versão da glibc dele são desconhecidos (python3: {python}, arquitetura: {arch}, glibc: {glibc})</translation>
    </message>
    <message>
        <source>cannot download {url}: {exc}</source>
        <translation>não foi possível baixar {url}: {exc}</translation>
    </message>
    <message>
        <source>cannot list {name}&apos;s files on PyPI: {exc}</source>
        <translation>não foi possível listar os arquivos de {name} no PyPI: {exc}</translation>
    </message>
    <message>
        <source>cannot read the lock file&apos;s line {line!r}</source>
        <translation>não foi possível ler a linha {line!r} do arquivo de lock</translation>
    </message>
    <message>
        <source>{name}=={version} has no wheel for Python {python} on {platform}</source>
        <translation>{name}=={version} não tem wheel para Python {python} em {platform}</translation>
    </message>
    <message>
        <source>{name}=={version} is published only as source: building its wheel here needs uv (pip install uv)</source>
        <translation>{name}=={version} só é publicado como código-fonte: compilar o wheel aqui precisa do uv (pip install uv)</translation>
    </message>
    <message>
        <source>{url} arrived with sha256 {got}, not the locked {sha256}</source>
        <translation>{url} chegou com sha256 {got}, não o {sha256} do lock</translation>
    </message>
    <message>
        <source>{implementations}: {reason}</source>
        <translation>{implementations}: {reason}</translation>
    </message>
    <message>
        <source>What {name} lacks, and how to install it:</source>
        <translation>O que falta em {name}, e como instalar:</translation>
    </message>
    <message>
        <source>the {driver} driver speaks {protocols}, not {protocol}</source>
        <extracomment>The contract&apos;s operations (seed 001&apos;s database methods included) and a user&apos;s own request (custom), which both drivers send. The workload operations each driver sends: the native driver also seed 004&apos;s serial (encode, send, decode, with the split).</extracomment>
        <translation>o driver {driver} fala {protocols}, não {protocol}</translation>
    </message>
    <message>
        <source>the drivers speak {protocols}, not {protocol} (yet)</source>
        <translation>os drivers falam {protocols}, não {protocol} (ainda)</translation>
    </message>
    <message>
        <source>the {driver} driver does not send the operation {operation}</source>
        <translation>o driver {driver} não envia a operação {operation}</translation>
    </message>
    <message>
        <source>unknown runtime requirement {runtime}</source>
        <translation>requisito de runtime desconhecido {runtime}</translation>
    </message>
    <message>
        <source>no python3 found on the host</source>
        <translation>nenhum python3 encontrado no host</translation>
    </message>
    <message>
        <source>no {name} found on the host</source>
        <translation>nenhum {name} encontrado no host</translation>
    </message>
    <message>
        <source>needs {runtime} {version} or newer; {missing} ({fix})</source>
        <translation>precisa de {runtime} {version} ou mais recente; {missing} ({fix})</translation>
    </message>
    <message>
        <source>needs {runtime} {version} or newer; the host has {runtime} {have} ({fix})</source>
        <translation>precisa de {runtime} {version} ou mais recente; o host tem {runtime} {have} ({fix})</translation>
    </message>
    <message>
        <source>Debian, Ubuntu: apt install {package}</source>
        <extracomment>The Debian (and Ubuntu) package that provides each runtime; ``{major}``: the version needed.</extracomment>
        <translation>Debian, Ubuntu: apt install {package}</translation>
    </message>
    <message>
        <source>needs the Debian package(s) {packages} ({fix})</source>
        <translation>precisa do(s) pacote(s) Debian {packages} ({fix})</translation>
    </message>
    <message>
        <source>needs the venv module of python3 (with ensurepip) to make the worker&apos;s environment ({fix})</source>
        <translation>precisa do módulo venv do python3 (com ensurepip) para criar o ambiente do worker ({fix})</translation>
    </message>
    <message>
        <source>needs npm to install the worker&apos;s dependencies ({fix})</source>
        <translation>precisa do npm para instalar as dependências do worker ({fix})</translation>
    </message>
    <message>
        <source>not in this installation: {artifact} is missing (the package was built without it)</source>
        <translation>não está nesta instalação: {artifact} não existe (o pacote foi gerado sem ele)</translation>
    </message>
    <message>
        <source>not built: {artifact} is missing (run: make -C workers)</source>
        <translation>não compilado: {artifact} não existe (execute: make -C workers)</translation>
    </message>
    <message>
        <source>{artifact} is not executable (chmod +x it, or reinstall Bancada)</source>
        <translation>{artifact} não é executável (dê chmod +x nele, ou reinstale o Bancada)</translation>
    </message>
    <message>
        <source>worker {id} cannot run on this computer: {reason}</source>
        <translation>o worker {id} não pode rodar neste computador: {reason}</translation>
    </message>
    <message>
        <source>worker {id} cannot start: {exc}</source>
        <translation>o worker {id} não consegue iniciar: {exc}</translation>
    </message>
    <message>
        <source>worker {id} cannot start on this computer: {exc}</source>
        <translation>o worker {id} não consegue iniciar neste computador: {exc}</translation>
    </message>
    <message>
        <source>the {driver} driver is not built on this computer (run: make -C workers driver)</source>
        <translation>o driver {driver} não está compilado neste computador (execute: make -C workers driver)</translation>
    </message>
    <message>
        <source>{name}: cannot create the work directory {workdir}: {v}</source>
        <translation>{name}: não é possível criar a pasta de trabalho {workdir}: {v}</translation>
    </message>
    <message>
        <source>the {name} worker runs from its folder with its own environment ({runtime}) and is not deployed to SSH hosts: run it on this computer</source>
        <translation>o worker {name} roda a partir da sua pasta, com seu próprio ambiente ({runtime}), e não é implantado em hosts SSH: rode-o neste computador</translation>
    </message>
    <message>
        <source>not built for {os}/{arch}: {artifact} is missing (run: make -C workers)</source>
        <translation>não compilado para {os}/{arch}: {artifact} não existe (execute: make -C workers)</translation>
    </message>
    <message>
        <source>worker {id} cannot run on host {name}: {reason}</source>
        <translation>o worker {id} não pode rodar no host {name}: {reason}</translation>
    </message>
    <message>
        <source>worker {id}: {exc}</source>
        <translation>worker {id}: {exc}</translation>
    </message>
    <message>
        <source>exited before becoming ready</source>
        <translation>terminou antes de ficar pronto</translation>
    </message>
    <message>
        <source>did not print its READY line within {t:g} s</source>
        <translation>não imprimiu sua linha READY em {t:g} s</translation>
    </message>
    <message>
        <source>cannot enter {folder}</source>
        <translation>não é possível entrar em {folder}</translation>
    </message>
    <message>
        <source>could not start (status {code}: {err})</source>
        <translation>não conseguiu iniciar (status {code}: {err})</translation>
    </message>
    <message>
        <source>worker {id} on {host} {what}</source>
        <translation>o worker {id} em {host} {what}</translation>
    </message>
    <message>
        <source>; its last log lines:
{tail}</source>
        <translation>; suas últimas linhas de log:
{tail}</translation>
    </message>
    <message>
        <source>its first line is not a READY line: {v!r}</source>
        <translation>sua primeira linha não é uma linha READY: {v!r}</translation>
    </message>
    <message>
        <source>worker {id} on {name}: {exc}</source>
        <translation>worker {id} em {name}: {exc}</translation>
    </message>
    <message>
        <source>worker {id} is running on {name} but port {port} of {address} cannot be reached from here (firewall?). Open the port, or allow an SSH tunnel (bancada hosts add {name} ... --allow-tunnel): its encryption is then in every latency</source>
        <translation>o worker {id} está rodando em {name}, mas a porta {port} de {address} não é alcançável daqui (firewall?). Abra a porta ou permita um túnel SSH (bancada hosts add {name} ... --allow-tunnel): a criptografia dele entra então em cada latência</translation>
    </message>
    <message>
        <source>only the native driver runs on an SSH host ({name}); not {driver!r}</source>
        <translation>só o driver nativo roda em um host SSH ({name}); não {driver!r}</translation>
    </message>
    <message>
        <source>the native driver is not built for {os}/{v}: {local} is missing (run: make -C workers driver)</source>
        <translation>o driver nativo não está compilado para {os}/{v}: falta {local} (execute: make -C workers driver)</translation>
    </message>
    <message>
        <source>PostgreSQL&apos;s server programs are not installed (no /usr/lib/postgresql/&lt;version&gt;/bin/postgres): install Debian&apos;s package postgresql (apt-get install postgresql)</source>
        <translation>os programas do servidor PostgreSQL não estão instalados (não há /usr/lib/postgresql/&lt;versão&gt;/bin/postgres): instale o pacote postgresql do Debian (apt-get install postgresql)</translation>
    </message>
    <message>
        <source>bad ready line {v!r}: {exc}</source>
        <translation>linha READY inválida {v!r}: {exc}</translation>
    </message>
    <message>
        <source>worker {name}: bundle path {entry} is missing under {root}</source>
        <translation>worker {name}: o caminho do pacote {entry} não existe em {root}</translation>
    </message>
    <message>
        <source>{host}: {worker}</source>
        <translation>{host}: {worker}</translation>
    </message>
    <message>
        <source>cat into {part} failed</source>
        <translation>cat para {part} falhou</translation>
    </message>
    <message>
        <source>{host}: cannot create {folder}: {v}</source>
        <translation>{host}: não é possível criar {folder}: {v}</translation>
    </message>
    <message>
        <source>{host}: upload of {name} to {folder} failed: {exc}</source>
        <translation>{host}: o envio de {name} para {folder} falhou: {exc}</translation>
    </message>
    <message>
        <source>{host}: {name} arrived corrupted (sha256 {v}, expected {digest})</source>
        <translation>{host}: {name} chegou corrompido (sha256 {v}, esperado {digest})</translation>
    </message>
    <message>
        <source>{host}: cannot move {part} into place: {v}</source>
        <translation>{host}: não é possível mover {part} para o lugar: {v}</translation>
    </message>
    <message>
        <source>bad host name {name!r}: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (and not {names})</source>
        <translation>nome de host inválido {name!r}: use letras, dígitos, &apos;.&apos;, &apos;_&apos; ou &apos;-&apos; (e não {names})</translation>
    </message>
    <message>
        <source>host {name}: bad address {address!r}</source>
        <translation>host {name}: endereço inválido {address!r}</translation>
    </message>
    <message>
        <source>host {name}: port {port} is not in 1..65535</source>
        <translation>host {name}: a porta {port} não está em 1..65535</translation>
    </message>
    <message>
        <source>host {name}: bad user {user!r}</source>
        <translation>host {name}: usuário inválido {user!r}</translation>
    </message>
    <message>
        <source>host {name}: bad CPU list {cpus!r} (e.g. 0,1 or 0-3)</source>
        <translation>host {name}: lista de CPUs inválida {cpus!r} (por exemplo 0,1 ou 0-3)</translation>
    </message>
    <message>
        <source>host {name}: nice {nice} is not in -20..19</source>
        <translation>host {name}: nice {nice} não está em -20..19</translation>
    </message>
    <message>
        <source>host {name}: empty work directory</source>
        <translation>host {name}: pasta de trabalho vazia</translation>
    </message>
    <message>
        <source>host {name}: cannot be its own jump host</source>
        <translation>host {name}: não pode ser o próprio host de salto</translation>
    </message>
    <message>
        <source>{path}: cannot read the hosts file: {exc}</source>
        <translation>{path}: não é possível ler o arquivo de hosts: {exc}</translation>
    </message>
    <message>
        <source>{path}: host {name}: {exc}</source>
        <translation>{path}: host {name}: {exc}</translation>
    </message>
    <message>
        <source>unknown host {name!r}; saved hosts: {saved}</source>
        <translation>host desconhecido {name!r}; hosts salvos: {saved}</translation>
    </message>
    <message>
        <source>host {name}: jump host {jump!r} is not a saved host</source>
        <translation>host {name}: o host de salto {jump!r} não é um host salvo</translation>
    </message>
    <message>
        <source>unknown host {name!r}</source>
        <translation>host desconhecido {name!r}</translation>
    </message>
    <message>
        <source>host {name} is the jump host of {names}; remove those first</source>
        <translation>o host {name} é o host de salto de {names}; remova-os antes</translation>
    </message>
    <message>
        <source>{hostname} offered host key {fp}, not the {accept} you accepted: refused</source>
        <translation>{hostname} ofereceu a chave de host {fp}, não a {accept} que você aceitou: recusado</translation>
    </message>
    <message>
        <source>{path}: cannot read known hosts: {exc}</source>
        <translation>{path}: não é possível ler os hosts conhecidos: {exc}</translation>
    </message>
    <message>
        <source>worker {name}: cannot prepare it in {base}: {v}</source>
        <translation>worker {name}: não é possível prepará-lo em {base}: {v}</translation>
    </message>
    <message>
        <source>worker {name}: its setup ({setup}) took longer than {SETUP_TIMEOUT_S:g} s; see {v}</source>
        <translation>worker {name}: a preparação ({setup}) levou mais de {SETUP_TIMEOUT_S:g} s; veja {v}</translation>
    </message>
    <message>
        <source>{host}: the driver did not start (got {names!r})</source>
        <translation>{host}: o driver não iniciou (recebido {names!r})</translation>
    </message>
    <message>
        <source>driver on {host}</source>
        <translation>driver em {host}</translation>
    </message>
    <message>
        <source>{cfg_path}: cannot read: {exc}</source>
        <translation>{cfg_path}: não é possível ler: {exc}</translation>
    </message>
    <message>
        <source>host {name}: jump hosts nested too deep</source>
        <translation>host {name}: hosts de salto aninhados demais</translation>
    </message>
    <message>
        <source>host {name}: key file {key} does not exist</source>
        <translation>host {name}: o arquivo de chave {key} não existe</translation>
    </message>
    <message>
        <source>host {name}: the key {key} needs a passphrase</source>
        <translation>host {name}: a chave {key} precisa de uma senha</translation>
    </message>
    <message>
        <source>HOST KEY CHANGED for {hostname}: it offered {key} but {expected_key} is known. Refused: this may be a man-in-the-middle attack. If the host was reinstalled, remove the old key from {v} (or ~/.ssh/known_hosts) and accept the new one.</source>
        <translation>A CHAVE DE HOST MUDOU para {hostname}: ele ofereceu {key}, mas {expected_key} é a conhecida. Recusado: pode ser um ataque man-in-the-middle. Se o host foi reinstalado, remova a chave antiga de {v} (ou ~/.ssh/known_hosts) e aceite a nova.</translation>
    </message>
    <message>
        <source>authentication failed for {user}@{address} with {how} (wrong user or key?)</source>
        <translation>a autenticação falhou para {user}@{address} com {how} (usuário ou chave errados?)</translation>
    </message>
    <message>
        <source>host {name}: cannot read key file {key}: {exc}</source>
        <translation>host {name}: não é possível ler o arquivo de chave {key}: {exc}</translation>
    </message>
    <message>
        <source>{where} did not speak SSH within {timeout_s:g} s</source>
        <translation>{where} não falou SSH em {timeout_s:g} s</translation>
    </message>
    <message>
        <source>{where} closed the connection during the SSH handshake</source>
        <translation>{where} fechou a conexão durante o handshake SSH</translation>
    </message>
    <message>
        <source>SSH error with {where}: {exc}</source>
        <translation>erro de SSH com {where}: {exc}</translation>
    </message>
    <message>
        <source>jump host {jump} cannot reach {where}: {exc}</source>
        <translation>o host de salto {jump} não alcança {where}: {exc}</translation>
    </message>
    <message>
        <source>the SSH connection to {host} is closed</source>
        <translation>a conexão SSH com {host} está fechada</translation>
    </message>
    <message>
        <source>{host}: a remote command got no answer within {timeout_s:g} s</source>
        <translation>{host}: um comando remoto não teve resposta em {timeout_s:g} s</translation>
    </message>
    <message>
        <source>the SSH connection to {host} dropped</source>
        <translation>a conexão SSH com {host} caiu</translation>
    </message>
    <message>
        <source>{host}: remote command failed: {exc}</source>
        <translation>{host}: o comando remoto falhou: {exc}</translation>
    </message>
    <message>
        <source>cannot pass {name!r} to a remote worker&apos;s environment</source>
        <extracomment>Prefixed to a script whose environment comes on stdin (``NAME=value`` lines): values that must not appear in the host&apos;s process list (a database URL with its password).</extracomment>
        <translation>não é possível passar {name!r} para o ambiente de um worker remoto</translation>
    </message>
</context>
<context>
    <name>HostsDialog</name>
    <message>
        <source>Missing, and its fix</source>
        <translation>O que falta, e como instalar</translation>
    </message>
    <message>
        <source>Target hosts</source>
        <translation>Hosts de destino</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Adicionar…</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificar</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Use this host</source>
        <translation>Usar este host</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>New host</source>
        <translation>Novo host</translation>
    </message>
    <message>
        <source>host name or IP address</source>
        <translation>nome do host ou endereço IP</translation>
    </message>
    <message>
        <source>private key file (empty: ssh-agent)</source>
        <translation>arquivo da chave privada (vazio: ssh-agent)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>Save and check</source>
        <translation>Salvar e verificar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Porta</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Usuário</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>Arquivo da chave</translation>
    </message>
    <message>
        <source>Work directory</source>
        <translation>Diretório de trabalho</translation>
    </message>
    <message>
        <source>Trust this key</source>
        <translation>Confiar nesta chave</translation>
    </message>
    <message>
        <source>Do not trust</source>
        <translation>Não confiar</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <source>Saved hosts</source>
        <translation>Hosts salvos</translation>
    </message>
    <message>
        <source>&lt;p&gt;Press &lt;b&gt;Check&lt;/b&gt; to connect and read its facts.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Clique em &lt;b&gt;Verificar&lt;/b&gt; para conectar e ler as informações do host.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Private key file</source>
        <translation>Arquivo da chave privada</translation>
    </message>
    <message>
        <source>connecting to {h}…</source>
        <translation>conectando a {h}…</translation>
    </message>
    <message>
        <source>{h}: connected in {t} s; {k} of {n} implementations can run there</source>
        <translation>{h}: conectado em {t} s; {k} de {n} implementações podem ser executadas lá</translation>
    </message>
    <message>
        <source>jump host {j} (on the way to {h})</source>
        <translation>host intermediário {j} (no caminho para {h})</translation>
    </message>
    <message>
        <source>&lt;b&gt;The host key of {whose} is not known.&lt;/b&gt;&lt;br&gt;Its fingerprint is&lt;br&gt;&lt;tt style=&apos;font-size:large&apos;&gt;{fp}&lt;/tt&gt;&lt;br&gt;Compare it with the one the host&apos;s owner gives you (&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt; on the host) before trusting it.</source>
        <translation>&lt;b&gt;A chave de host de {whose} não é conhecida.&lt;/b&gt;&lt;br&gt;A impressão digital dela é&lt;br&gt;&lt;tt style=&apos;font-size:large&apos;&gt;{fp}&lt;/tt&gt;&lt;br&gt;Compare-a com a que o responsável pelo host lhe informar (&lt;tt&gt;ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub&lt;/tt&gt; no host) antes de confiar nela.</translation>
    </message>
    <message>
        <source>{h}: waiting for you to accept or refuse the host key of {k}</source>
        <translation>{h}: aguardando você aceitar ou recusar a chave de host de {k}</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Senha da chave</translation>
    </message>
    <message>
        <source>{m}.
Passphrase:</source>
        <translation>{m}.
Senha da chave:</translation>
    </message>
    <message>
        <source>Refused: the host key changed</source>
        <translation>Recusado: a chave do host mudou</translation>
    </message>
    <message>
        <source>host key not trusted: not connected</source>
        <translation>chave do host não confiável: não conectado</translation>
    </message>
    <message>
        <source>Cannot remove</source>
        <translation>Não foi possível remover</translation>
    </message>
    <message>
        <source>Removed {h}.</source>
        <translation>{h} removido.</translation>
    </message>
    <message>
        <source>can run</source>
        <translation>pode executar</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>não pode executar</translation>
    </message>
    <message>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <source>Stopped leftover workers:</source>
        <translation>Workers remanescentes encerrados:</translation>
    </message>
</context>
<context>
    <name>Installation</name>
    <message>
        <source>Bancada&apos;s installation is broken: its file {file} is missing; reinstall Bancada (your files and runs are not the cause)</source>
        <translation>a instalação do Bancada está danificada: falta o arquivo {file}; reinstale o Bancada (seus arquivos e execuções não são a causa)</translation>
    </message>
</context>
<context>
    <name>IntField</name>
    <message>
        <source>{name}: a whole number from {lo} to {hi}</source>
        <translation>{name}: um número inteiro de {lo} a {hi}</translation>
    </message>
</context>
<context>
    <name>IntRangeValidator</name>
    <message>
        <source>{name} is empty: enter a whole number from {lo} to {hi}</source>
        <translation>{name} está vazio: digite um número inteiro de {lo} a {hi}</translation>
    </message>
    <message>
        <source>{name}: {text!r} is not a whole number</source>
        <translation>{name}: {text!r} não é um número inteiro</translation>
    </message>
    <message>
        <source>{name} must be from {lo} to {hi}, not {v}</source>
        <translation>{name} deve estar entre {lo} e {hi}, não {v}</translation>
    </message>
    <message>
        <source>{name} must be at most {hi}</source>
        <translation>{name} deve ser no máximo {hi}</translation>
    </message>
</context>
<context>
    <name>K6Summary</name>
    <message>
        <source>all requests</source>
        <translation>todas as requisições</translation>
    </message>
    <message>
        <source>k6-style summary (http_req_duration, http_reqs, http_req_failed)</source>
        <translation>Resumo no estilo do k6 (http_req_duration, http_reqs, http_req_failed)</translation>
    </message>
    <message>
        <source>treatment</source>
        <translation>tratamento</translation>
    </message>
    <message>
        <source>avg (ms)</source>
        <translation>média (ms)</translation>
    </message>
    <message>
        <source>min (ms)</source>
        <translation>mín. (ms)</translation>
    </message>
    <message>
        <source>med (ms)</source>
        <translation>mediana (ms)</translation>
    </message>
    <message>
        <source>max (ms)</source>
        <translation>máx. (ms)</translation>
    </message>
    <message>
        <source>p(90) (ms)</source>
        <translation>p(90) (ms)</translation>
    </message>
    <message>
        <source>p(95) (ms)</source>
        <translation>p(95) (ms)</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>requisições</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requisições/s</translation>
    </message>
    <message>
        <source>failed (%)</source>
        <translation>falhas (%)</translation>
    </message>
</context>
<context>
    <name>K6TableView</name>
    <message>
        <source>k6 summary</source>
        <translation>Resumo do k6</translation>
    </message>
    <message>
        <source>What k6 prints for http_req_duration at the end of a test, per treatment, computed from this run&apos;s stored samples: k6&apos;s percentiles (linear interpolation between the closest ranks), failed requests counted in the times, requests/s over the load&apos;s planned duration.</source>
        <translation>O que o k6 imprime para http_req_duration ao fim de um teste, por tratamento, calculado das amostras gravadas desta execução: os percentis do k6 (interpolação linear entre as posições mais próximas), requisições com falha contadas nos tempos, requisições/s sobre a duração planejada da carga.</translation>
    </message>
    <message>
        <source>treatment</source>
        <translation>tratamento</translation>
    </message>
    <message>
        <source>avg (ms)</source>
        <translation>média (ms)</translation>
    </message>
    <message>
        <source>min (ms)</source>
        <translation>mín. (ms)</translation>
    </message>
    <message>
        <source>med (ms)</source>
        <translation>mediana (ms)</translation>
    </message>
    <message>
        <source>max (ms)</source>
        <translation>máx. (ms)</translation>
    </message>
    <message>
        <source>p(90) (ms)</source>
        <translation>p(90) (ms)</translation>
    </message>
    <message>
        <source>p(95) (ms)</source>
        <translation>p(95) (ms)</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>requisições</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>requisições/s</translation>
    </message>
    <message>
        <source>failed (%)</source>
        <translation>falhas (%)</translation>
    </message>
    <message>
        <source>The run goes on: every request measured so far.</source>
        <translation>A execução continua: todas as requisições medidas até agora.</translation>
    </message>
    <message>
        <source>The whole run.</source>
        <translation>A execução inteira.</translation>
    </message>
</context>
<context>
    <name>Links</name>
    <message>
        <source>link {name}: straight to the workers (no proxy)</source>
        <translation>enlace {name}: direto aos workers (sem proxy)</translation>
    </message>
    <message>
        <source>link {name}: +{rtt} ms round trip</source>
        <translation>enlace {name}: +{rtt} ms de ida e volta</translation>
    </message>
    <message>
        <source>jitter {j} ms</source>
        <translation>jitter {j} ms</translation>
    </message>
    <message>
        <source>{b} kbit/s each way</source>
        <translation>{b} kbit/s em cada sentido</translation>
    </message>
    <message>
        <source>{b} KiB/s each way</source>
        <translation>{b} KiB/s em cada sentido</translation>
    </message>
    <message>
        <source> (emulated by a proxy on this computer)</source>
        <translation> (emulado por um proxy neste computador)</translation>
    </message>
    <message>
        <source>the calibration of link {name} failed: {e}</source>
        <translation>a calibração do enlace {name} falhou: {e}</translation>
    </message>
    <message>
        <source>link calibration: {name}: {rtt} ms round trip (min {min}), {bw} kbit/s one way</source>
        <translation>calibração do enlace: {name}: {rtt} ms de ida e volta (mín. {min}), {bw} kbit/s em um sentido</translation>
    </message>
    <message>
        <source> (nominal {rtt} ms, {bw} kbit/s)</source>
        <translation> (nominal {rtt} ms, {bw} kbit/s)</translation>
    </message>
    <message>
        <source> (nominal {rtt} ms, no bandwidth limit)</source>
        <translation> (nominal {rtt} ms, sem limite de banda)</translation>
    </message>
    <message>
        <source>the calibration server closed the connection</source>
        <translation>o servidor de calibração fechou a conexão</translation>
    </message>
    <message>
        <source>link {name!r} is defined twice in [[links]]</source>
        <translation>o enlace {name!r} está definido duas vezes em [[links]]</translation>
    </message>
    <message>
        <source>unknown link {name!r}; known: {known} (or define it in [[links]])</source>
        <translation>enlace desconhecido {name!r}; conhecidos: {known} (ou defina-o em [[links]])</translation>
    </message>
    <message>
        <source>the link emulator ({BINARY}) is not installed: run scripts/setup.sh (it builds Toxiproxy from its Go module)</source>
        <translation>o emulador de enlace ({BINARY}) não está instalado: execute scripts/setup.sh (ele compila o Toxiproxy a partir do módulo Go)</translation>
    </message>
    <message>
        <source>the link emulator did not start on 127.0.0.1:{port} within {start_timeout_s:g} s</source>
        <translation>o emulador de enlace não iniciou em 127.0.0.1:{port} em {start_timeout_s:g} s</translation>
    </message>
    <message>
        <source>the link emulator refused {method} {path}: HTTP {code} {detail}</source>
        <translation>o emulador de enlace recusou {method} {path}: HTTP {code} {detail}</translation>
    </message>
    <message>
        <source>the link emulator does not answer on {api}: {exc}</source>
        <translation>o emulador de enlace não responde em {api}: {exc}</translation>
    </message>
    <message>
        <source>the link emulator gave no address for {name}: {created!r}</source>
        <translation>o emulador de enlace não deu endereço para {name}: {created!r}</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <source>Live plots</source>
        <extracomment>The legend glyph of each marker (the boxes&apos; key in a plot&apos;s title is text). The most of the trace&apos;s width the warm-up takes once requests are measured: a warm-up until steady may send a hundred times the measured requests, and drawn to scale it left the measured ones a sliver. The factors whose levels are codes, shown by their proper names (``grpc`` -&gt; ``gRPC``, ``cpp`` -&gt; ``C++``); any other level (an implementation&apos;s, a workload&apos;s, a link&apos;s name) is shown as the profile spells it, the same on the axis, in the key, in the trace&apos;s legend and in the tables. Workloads side by side at most: as many as columns of :data:`COLUMN_MIN_WIDTH_PX` fit the view (the trace&apos;s title needs about 490 px), the others in further rows (seed 001 has eight workloads). At 1024 x 768 with the panel shown that is one column; the view lays itself out again when a resize changes the count. The height a row of workloads needs (boxes, trace, legend) when there are several rows: the view scrolls rather than squeezing eight workloads&apos; plots into one screen. The narrowest a plot&apos;s title makes its plot (a longer title is cut at both ends).</extracomment>
        <translation>Gráficos ao vivo</translation>
    </message>
    <message>
        <source>{t}: median {m} ms, quartiles {q1} to {q3} ms, n = {n}</source>
        <translation>{t}: mediana {m} ms, quartis de {q1} a {q3} ms, n = {n}</translation>
    </message>
    <message>
        <source>Latency of {w}: {boxes}.</source>
        <translation>Latência de {w}: {boxes}.</translation>
    </message>
    <message>
        <source>{t}: {first} ms, then {last} ms</source>
        <translation>{t}: {first} ms, depois {last} ms</translation>
    </message>
    <message>
        <source>Trace of {w} (median of the first and of the last tenth of the measured requests): {parts}.</source>
        <translation>Traço de {w} (mediana do primeiro e do último décimo das requisições medidas): {parts}.</translation>
    </message>
    <message>
        <source>Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.</source>
        <extracomment>each trace&apos;s warm-up phase: a shaded band (left of the measured requests) and its label each treatment&apos;s trace for its text alternative: the first and the last tenth&apos;s median latency (ms)</extracomment>
        <translation>Clique em Executar (Ctrl+R) para começar: um boxplot por tratamento cresce aqui enquanto as amostras chegam.</translation>
    </message>
    <message>
        <source>Zoomed: View &gt; Reset zoom (Ctrl+0) or the A button fits the data again</source>
        <translation>Com zoom: Exibir &gt; Restaurar zoom (Ctrl+0) ou o botão A ajusta aos dados de novo</translation>
    </message>
    <message>
        <source>This run has no treatments.</source>
        <translation>Esta execução não tem tratamentos.</translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation>latência (ms)</translation>
    </message>
    <message>
        <source>Warming up: the boxes appear with the first measured samples</source>
        <translation>Aquecendo: os boxplots aparecem com as primeiras amostras medidas</translation>
    </message>
    <message>
        <source>Bancada live view</source>
        <translation>Visão ao vivo do Bancada</translation>
    </message>
    <message>
        <source>Latency in arrival order (shaded: warm-up)</source>
        <translation>Latência na ordem de chegada (sombreado: aquecimento)</translation>
    </message>
    <message>
        <source>measured request (per treatment)</source>
        <translation>requisição medida (por tratamento)</translation>
    </message>
    <message>
        <source>warm-up: {n}</source>
        <translation>aquecimento: {n}</translation>
    </message>
</context>
<context>
    <name>LoadGroup</name>
    <message>
        <source>Load</source>
        <extracomment>The ``[load]`` keys of the vus model (load_vus.VusFields): kept from the profile under vus, dropped otherwise.</extracomment>
        <translation>Carga</translation>
    </message>
    <message>
        <source>Sequential (one at a time)</source>
        <translation>Sequencial (uma por vez)</translation>
    </message>
    <message>
        <source>Closed (c clients)</source>
        <translation>Fechada (c clientes)</translation>
    </message>
    <message>
        <source>Open (constant rate)</source>
        <translation>Aberta (taxa constante)</translation>
    </message>
    <message>
        <source>Virtual users (k6)</source>
        <translation>Usuários virtuais (k6)</translation>
    </message>
    <message>
        <source>Sequential: one request at a time (the seed studies). Closed: c clients, each sending its next request when the last one returns. Open: requests arrive at a fixed rate whatever the server does; latency counts from each request&apos;s due time. Virtual users: k6&apos;s VUs, each starting a request every pacing for the duration. Closed, open and virtual users need the native driver.</source>
        <translation>Sequencial: uma requisição por vez (os estudos de referência). Fechada: c clientes, cada um envia a próxima requisição quando a anterior retorna. Aberta: as requisições chegam a uma taxa fixa, independentemente do servidor; a latência conta a partir do horário previsto de cada requisição. Usuários virtuais: os VUs do k6, cada um inicia uma requisição a cada intervalo (pacing) durante a duração. Fechada, aberta e usuários virtuais precisam do driver nativo.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Concurrency c</source>
        <translation>Concorrência c</translation>
    </message>
    <message>
        <source>Duration (s)</source>
        <translation>Duração (s)</translation>
    </message>
    <message>
        <source>Seconds of measured load per treatment and repetition; 0 sends the Requests n instead</source>
        <translation>Segundos de carga medida por tratamento e repetição; 0 envia as Requisições n em vez disso</translation>
    </message>
    <message>
        <source>Rate (requests/s)</source>
        <translation>Taxa (requisições/s)</translation>
    </message>
    <message>
        <source>Rate (req/s)</source>
        <translation>Taxa (req/s)</translation>
    </message>
    <message>
        <source>Virtual users</source>
        <translation>Usuários virtuais</translation>
    </message>
    <message>
        <source>Pacing (ms)</source>
        <translation>Intervalo (ms)</translation>
    </message>
    <message>
        <source>Each virtual user starts an iteration every this many milliseconds (k6&apos;s sleep(pacing - elapsed)); 0 loops at once, or waits the profile&apos;s think time</source>
        <translation>Cada usuário virtual inicia uma iteração a cada tantos milissegundos (o sleep(pacing - elapsed) do k6); 0 repete de imediato, ou espera o tempo de reflexão do perfil</translation>
    </message>
    <message>
        <source>The virtual users model runs for a duration: give Duration (s) of 1 or more</source>
        <translation>O modelo de usuários virtuais roda por uma duração: informe Duração (s) de 1 ou mais</translation>
    </message>
</context>
<context>
    <name>LoadTableView</name>
    <message>
        <source>Load (siege and ab)</source>
        <extracomment>{title: (labels, rows of cells)}, as bancada.analysis.words.load_labels.cells gives it</extracomment>
        <translation>Carga (siege e ab)</translation>
    </message>
    <message>
        <source>The summaries siege and Apache Bench print, computed from this run&apos;s stored samples as those tools compute them (docs/statistics.md, Load).</source>
        <translation>Os resumos que o siege e o Apache Bench imprimem, calculados a partir das amostras gravadas desta execução como essas ferramentas os calculam (docs/statistics.md, Load).</translation>
    </message>
</context>
<context>
    <name>LoadTables</name>
    <message>
        <source>Load (siege): transactions, availability and transaction rate</source>
        <extracomment>A column: (field, label, formatter of the field&apos;s value).</extracomment>
        <translation>Carga (siege): transações, disponibilidade e taxa de transações</translation>
    </message>
    <message>
        <source>Load (ab): requests per second, time per request and percentiles</source>
        <translation>Carga (ab): requisições por segundo, tempo por requisição e percentis</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>implementação</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>carga de trabalho</translation>
    </message>
    <message>
        <source>repetition</source>
        <translation>repetição</translation>
    </message>
    <message>
        <source>transactions (hits)</source>
        <translation>transações (acessos)</translation>
    </message>
    <message>
        <source>availability (%)</source>
        <translation>disponibilidade (%)</translation>
    </message>
    <message>
        <source>elapsed time (s)</source>
        <translation>tempo decorrido (s)</translation>
    </message>
    <message>
        <source>data transferred (MB)</source>
        <translation>dados transferidos (MB)</translation>
    </message>
    <message>
        <source>response time (s)</source>
        <translation>tempo de resposta (s)</translation>
    </message>
    <message>
        <source>transaction rate (trans/s)</source>
        <translation>taxa de transações (trans/s)</translation>
    </message>
    <message>
        <source>throughput (MB/s)</source>
        <translation>vazão (MB/s)</translation>
    </message>
    <message>
        <source>concurrency</source>
        <translation>concorrência</translation>
    </message>
    <message>
        <source>successful transactions</source>
        <translation>transações com sucesso</translation>
    </message>
    <message>
        <source>failed transactions</source>
        <translation>transações com falha</translation>
    </message>
    <message>
        <source>longest transaction (s)</source>
        <translation>transação mais longa (s)</translation>
    </message>
    <message>
        <source>shortest transaction (s)</source>
        <translation>transação mais curta (s)</translation>
    </message>
    <message>
        <source>served within {p} % (ms)</source>
        <translation>atendidas em até {p} % (ms)</translation>
    </message>
    <message>
        <source>concurrency level</source>
        <translation>nível de concorrência</translation>
    </message>
    <message>
        <source>time taken for tests (s)</source>
        <translation>tempo total do teste (s)</translation>
    </message>
    <message>
        <source>complete requests</source>
        <translation>requisições completas</translation>
    </message>
    <message>
        <source>failed requests</source>
        <translation>requisições com falha</translation>
    </message>
    <message>
        <source>non-2xx responses</source>
        <translation>respostas não 2xx</translation>
    </message>
    <message>
        <source>requests per second (#/s, mean)</source>
        <translation>requisições por segundo (#/s, média)</translation>
    </message>
    <message>
        <source>time per request (ms, mean)</source>
        <translation>tempo por requisição (ms, média)</translation>
    </message>
    <message>
        <source>time per request (ms, mean, across all concurrent requests)</source>
        <translation>tempo por requisição (ms, média, entre todas as requisições concorrentes)</translation>
    </message>
    <message>
        <source>transfer rate (KB/s received)</source>
        <translation>taxa de transferência (KB/s recebidos)</translation>
    </message>
    <message>
        <source>total time, mean (ms)</source>
        <translation>tempo total, média (ms)</translation>
    </message>
    <message>
        <source>total time, standard deviation (ms)</source>
        <translation>tempo total, desvio padrão (ms)</translation>
    </message>
    <message>
        <source>total time, median (ms)</source>
        <translation>tempo total, mediana (ms)</translation>
    </message>
    <message>
        <source>total time, longest (ms)</source>
        <translation>tempo total, o mais longo (ms)</translation>
    </message>
    <message>
        <source>{n} more requests ran past the driver&apos;s raw-sample cap (load.max_records) and are not in these tables.</source>
        <translation>{n} requisições a mais passaram do limite de amostras brutas do driver (load.max_records) e não estão nestas tabelas.</translation>
    </message>
    <message>
        <source>Connections kept alive, as siege&apos;s connection = keep-alive and ab -k.</source>
        <translation>Conexões mantidas abertas, como connection = keep-alive do siege e ab -k.</translation>
    </message>
    <message>
        <source>A new connection for every request, as siege&apos;s connection = close and ab without -k.</source>
        <translation>Uma conexão nova para cada requisição, como connection = close do siege e ab sem -k.</translation>
    </message>
    <message>
        <source>Open load: requests leave at a fixed rate, not from clients that wait for their answers as siege&apos;s and ab&apos;s do; the tables apply the tools&apos; definitions to them.</source>
        <translation>Carga aberta: as requisições saem a uma taxa fixa, e não de clientes que esperam suas respostas como os do siege e do ab; as tabelas aplicam a elas as definições das ferramentas.</translation>
    </message>
    <message>
        <source>siege&apos;s per-request delay (-d, delay in .siegerc) is not reproduced: each client sends its next request as soon as an answer is in, as siege -b does.</source>
        <translation>A espera do siege antes de cada requisição (-d, delay no .siegerc) não é reproduzida: cada cliente envia a próxima requisição assim que chega uma resposta, como faz siege -b.</translation>
    </message>
    <message>
        <source>ab&apos;s start is reproduced: each block&apos;s first measured request ran alone and the other clients started when its answer was in, as ab -n N -c C does.</source>
        <translation>O início do ab é reproduzido: a primeira requisição medida de cada bloco foi sozinha e os outros clientes começaram quando a resposta dela chegou, como faz ab -n N -c C.</translation>
    </message>
    <message>
        <source>ab&apos;s start (its first request alone) is not in this run: all clients started together, so ab&apos;s time taken would be one request longer.</source>
        <translation>O início do ab (a primeira requisição sozinha) não está nesta execução: todos os clientes começaram juntos, então o tempo total do ab seria uma requisição mais longo.</translation>
    </message>
    <message>
        <source>{title}, repetition {r}</source>
        <translation>{title}, repetição {r}</translation>
    </message>
</context>
<context>
    <name>LocalHost</name>
    <message>
        <source>the {worker} worker&apos;s environment is ready ({s} s); later starts reuse it</source>
        <translation>o ambiente do worker {worker} está pronto ({s} s); as próximas inicializações o reutilizam</translation>
    </message>
    <message>
        <source>first start: npm ci downloads its packages from the npm registry into {folder} (once, a minute or more)</source>
        <translation>primeira inicialização: o npm ci baixa os pacotes do registro npm para {folder} (uma única vez, um minuto ou mais)</translation>
    </message>
    <message>
        <source>first start: pip downloads its packages from PyPI into a virtual environment in {folder} (once, a minute or more)</source>
        <translation>primeira inicialização: o pip baixa os pacotes do PyPI para um ambiente virtual em {folder} (uma única vez, um minuto ou mais)</translation>
    </message>
</context>
<context>
    <name>Locust</name>
    <message>
        <source>--target {pair!r}: expected IMPLEMENTATION=HOST:PORT</source>
        <translation>--target {pair!r}: esperado IMPLEMENTAÇÃO=HOST:PORTA</translation>
    </message>
    <message>
        <source>implementation {impl} has no --target {impl}=HOST:PORT (its address in the cluster)</source>
        <translation>a implementação {impl} não tem --target {impl}=HOST:PORTA (seu endereço no cluster)</translation>
    </message>
    <message>
        <source>the Kubernetes export does not send custom requests ({label})</source>
        <translation>a exportação para Kubernetes não envia requisições personalizadas ({label})</translation>
    </message>
    <message>
        <source>Locust cannot start on this computer ({exc}); build it: make -C workers locust</source>
        <translation>o Locust não pode iniciar neste computador ({exc}); construa-o: make -C workers locust</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>este computador</translation>
    </message>
    <message>
        <source>Locust worker(s) {lost} were lost mid-run (no heartbeat); the samples they sent before are kept</source>
        <translation>worker(s) do Locust {lost} foram perdidos no meio da execução (sem heartbeat); as amostras que enviaram antes foram mantidas</translation>
    </message>
    <message>
        <source>the locust driver could not start Locust: {exc}</source>
        <translation>o driver locust não conseguiu iniciar o Locust: {exc}</translation>
    </message>
    <message>
        <source>the Locust workers did not reach the master&apos;s port {port} within {wait_s:g} s (a firewall, or the master&apos;s address is not reachable from the load hosts): {log}</source>
        <translation>os workers do Locust não alcançaram a porta {port} do master em {wait_s:g} s (um firewall, ou o endereço do master não é alcançável a partir dos hosts de carga): {log}</translation>
    </message>
    <message>
        <source>the Locust master failed (exit code {code}): {log}</source>
        <translation>o master do Locust falhou (código de saída {code}): {log}</translation>
    </message>
    <message>
        <source>Locust is not installed on {where} (expected Locust {need} or newer): {text}</source>
        <translation>o Locust não está instalado em {where} (esperado Locust {need} ou mais novo): {text}</translation>
    </message>
    <message>
        <source>Locust {found} on {where} is too old: the locust driver needs {need} or newer (its request event and worker messages)</source>
        <translation>o Locust {found} em {where} é antigo demais: o driver locust precisa de {need} ou mais novo (seu evento request e as mensagens dos workers)</translation>
    </message>
    <message>
        <source>the locust driver speaks {protocols}, not {protocol}</source>
        <translation>o driver locust fala {protocols}, não {protocol}</translation>
    </message>
    <message>
        <source>the locust driver does not send seed 004&apos;s serialization formats (serial)</source>
        <translation>o driver locust não envia os formatos de serialização da semente 004 (serial)</translation>
    </message>
    <message>
        <source>the locust driver does not send {operation} (a new record per request); use the native driver</source>
        <translation>o driver locust não envia {operation} (um registro novo por requisição); use o driver nativo</translation>
    </message>
    <message>
        <source>the locust driver sends custom REST requests only, not custom {protocol} methods</source>
        <translation>o driver locust envia apenas requisições REST personalizadas, não métodos {protocol} personalizados</translation>
    </message>
    <message>
        <source>treatment {id}: {why}</source>
        <translation>tratamento {id}: {why}</translation>
    </message>
    <message>
        <source>load host {name} has no python3: Locust needs Python 3.10 or newer there</source>
        <translation>o host de carga {name} não tem python3: o Locust precisa de Python 3.10 ou mais novo lá</translation>
    </message>
    <message>
        <source>load host {name} has {found}: Locust needs Python 3.10 or newer</source>
        <translation>o host de carga {name} tem {found}: o Locust precisa de Python 3.10 ou mais novo</translation>
    </message>
    <message>
        <source>load host {name} cannot make a Python environment: it lacks pip/venv (Debian, Ubuntu: apt install python3-venv)</source>
        <translation>o host de carga {name} não consegue criar um ambiente Python: faltam pip/venv (Debian, Ubuntu: apt install python3-venv)</translation>
    </message>
    <message>
        <source>Locust could not be installed on load host {name}: {detail}</source>
        <translation>não foi possível instalar o Locust no host de carga {name}: {detail}</translation>
    </message>
    <message>
        <source>Locust workers did not start on load host {name}: {detail}</source>
        <translation>os workers do Locust não iniciaram no host de carga {name}: {detail}</translation>
    </message>
    <message>
        <source>load_users ({users}) is below the {workers} Locust workers of [load_hosts]</source>
        <translation>load_users ({users}) é menor que os {workers} workers do Locust de [load_hosts]</translation>
    </message>
    <message>
        <source>load host {name}: Locust {version}, {n} worker(s)</source>
        <translation>host de carga {name}: Locust {version}, {n} worker(s)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Stop the run before changing the language</source>
        <translation>Pare a execução antes de mudar o idioma</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>Ao vivo</translation>
    </message>
    <message>
        <source>k6 summary</source>
        <translation>Resumo do k6</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <source>Time split</source>
        <translation>Divisão do tempo</translation>
    </message>
    <message>
        <source>Start the experiment (Ctrl+R)</source>
        <translation>Iniciar o experimento (Ctrl+R)</translation>
    </message>
    <message>
        <source>Ready: press Run (Ctrl+R)</source>
        <translation>Pronto: clique em Executar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Checking what {h} can run…</source>
        <translation>Verificando o que {h} pode executar…</translation>
    </message>
    <message>
        <source>Statistics failed: {m}</source>
        <translation>As estatísticas falharam: {m}</translation>
    </message>
    <message>
        <source>API performance workbench</source>
        <translation>Experimentos de desempenho de APIs</translation>
    </message>
</context>
<context>
    <name>Manifest</name>
    <message>
        <source>worker {name!r} does not serve {protocol!r}; it serves {names}</source>
        <extracomment>The contract operations it serves (the manifest&apos;s ``operations``); empty: every one of them. Seed 003&apos;s REST workers serve ping, select, echo and info, not the six methods of seed 002. The wire formats its REST side serves for operation serial (the manifest&apos;s ``[formats]``, seed 004).</extracomment>
        <translation>o worker {name!r} não serve {protocol!r}; ele serve {names}</translation>
    </message>
    <message>
        <source>{path}: cannot read worker manifest: {exc}</source>
        <translation>{path}: não é possível ler o manifesto do worker: {exc}</translation>
    </message>
    <message>
        <source>{path}: missing key(s) {names}</source>
        <translation>{path}: faltam as chaves {names}</translation>
    </message>
    <message>
        <source>{path}: deploy = {deploy!r}; allowed: {names}</source>
        <translation>{path}: deploy = {deploy!r}; permitidos: {names}</translation>
    </message>
    <message>
        <source>{path}: deploy = &apos;bundle&apos; needs bundle (a list of paths) and setup (a command)</source>
        <translation>{path}: deploy = &apos;bundle&apos; precisa de bundle (uma lista de caminhos) e setup (um comando)</translation>
    </message>
    <message>
        <source>{path}: setup_requires {unknown!r}; allowed: {names}</source>
        <translation>{path}: setup_requires {unknown!r}; permitidos: {names}</translation>
    </message>
    <message>
        <source>{path}: vendor = {vendor!r}; allowed: {names}</source>
        <translation>{path}: vendor = {vendor!r}; permitidos: {names}</translation>
    </message>
</context>
<context>
    <name>Overrides</name>
    <message>
        <source>{name}: {reason}</source>
        <extracomment>The rows seed 001&apos;s list methods list in the study (its workloads ListPets10 ... ListPeople1000).</extracomment>
        <translation>{name}: {reason}</translation>
    </message>
    <message>
        <source>{flag} {name}: no such workload; the profile has {known} (or give a number of elements)</source>
        <translation>{flag} {name}: não há esse workload; o perfil tem {known} (ou dê um número de elementos)</translation>
    </message>
    <message>
        <source>{name} must be 1 or more (Locust workers on this computer), not {n}</source>
        <translation>{name} deve ser 1 ou mais (workers do Locust neste computador), não {n}</translation>
    </message>
</context>
<context>
    <name>OwnService</name>
    <message>
        <source>declare at least one server</source>
        <translation>declare pelo menos um servidor</translation>
    </message>
    <message>
        <source>declare at least one request</source>
        <translation>declare pelo menos uma requisição</translation>
    </message>
    <message>
        <source>the form</source>
        <translation>o formulário</translation>
    </message>
    <message>
        <source>Written by Bancada&apos;s form “My own service”; it opens there again.</source>
        <translation>Escrito pelo formulário “Meu próprio serviço” do Bancada; ele abre lá de novo.</translation>
    </message>
    <message>
        <source>header line {line!r}: write Name: value</source>
        <translation>linha de cabeçalho {line!r}: escreva Nome: valor</translation>
    </message>
</context>
<context>
    <name>OwnServiceDialog</name>
    <message>
        <source>My own service</source>
        <translation>Meu próprio serviço</translation>
    </message>
    <message>
        <source>Declare the servers you wrote (Bancada measures them but does not start them) and the requests to send. Check each server: it must be running. Then save: the profile opens in the window and the study goes on as any study (factors, pilot, run, statistics, export).</source>
        <translation>Declare os servidores que você escreveu (o Bancada os mede, mas não os inicia) e as requisições a enviar. Verifique cada servidor: ele precisa estar rodando. Depois salve: o perfil abre na janela e o estudo segue como qualquer estudo (fatores, piloto, execução, estatística, exportação).</translation>
    </message>
    <message>
        <source>e.g. Lab 6: my calculator over REST and gRPC</source>
        <translation>por exemplo Lab 6: minha calculadora via REST e gRPC</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>Estudo</translation>
    </message>
    <message>
        <source>Servers</source>
        <translation>Servidores</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Adicionar servidor</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Requisições</translation>
    </message>
    <message>
        <source>Add request</source>
        <translation>Adicionar requisição</translation>
    </message>
    <message>
        <source>Where the profile is written: a normal profile file you can open again</source>
        <translation>Onde o perfil é escrito: um arquivo de perfil comum, que você pode abrir de novo</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Escolher…</translation>
    </message>
    <message>
        <source>Profile file</source>
        <translation>Arquivo do perfil</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Save and open</source>
        <translation>Salvar e abrir</translation>
    </message>
    <message>
        <source>Server {n}</source>
        <translation>Servidor {n}</translation>
    </message>
    <message>
        <source>Request {n}</source>
        <translation>Requisição {n}</translation>
    </message>
    <message>
        <source>Request {r}: {why}</source>
        <translation>Requisição {r}: {why}</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>Salvar perfil</translation>
    </message>
    <message>
        <source>Profiles (*.toml)</source>
        <translation>Perfis (*.toml)</translation>
    </message>
    <message>
        <source>Cannot write {p}: {why}</source>
        <translation>Não é possível escrever {p}: {why}</translation>
    </message>
    <message>
        <source>my-server-rest</source>
        <translation>meu-servidor-rest</translation>
    </message>
    <message>
        <source>my-server-grpc</source>
        <translation>meu-servidor-grpc</translation>
    </message>
    <message>
        <source>Request{n}</source>
        <translation>Requisição{n}</translation>
    </message>
    <message>
        <source>my-own-service</source>
        <translation>meu-proprio-servico</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>{id} does not serve the {fmt} format (operation serial); its worker declares {v}: seed 004&apos;s formats are on the Go worker</source>
        <translation>{id} não serve o formato {fmt} (operação serial); o worker dele declara {v}: os formatos do seed 004 estão no worker Go</translation>
    </message>
    <message>
        <source>unknown implementation {missing!r}; known: {known} (a second instance of one is written like go-rest:b)</source>
        <translation>implementação desconhecida {missing!r}; conhecidas: {known} (uma segunda instância se escreve como go-rest:b)</translation>
    </message>
    <message>
        <source>the schedule needs a seed; draw one with with_seed() before building the plan</source>
        <translation>o escalonamento precisa de uma semente; sorteie uma com with_seed() antes de montar o plano</translation>
    </message>
    <message>
        <source>no workload fits the implementations ({names}): the custom workloads define requests for other protocols</source>
        <translation>nenhuma carga de trabalho serve para as implementações ({names}): as cargas personalizadas definem requisições para outros protocolos</translation>
    </message>
    <message>
        <source>external implementation {id!r} has the id of a worker Bancada starts; give it another id (e.g. my-{id})</source>
        <translation>a implementação externa {id!r} tem o id de um worker que o Bancada inicia; dê a ela outro id (por exemplo meu-{id})</translation>
    </message>
</context>
<context>
    <name>Profile</name>
    <message>
        <source>{field} is a field of the vus load model; this profile&apos;s model is {model}</source>
        <translation>{field} é um campo do modelo de carga vus; o modelo deste perfil é {model}</translation>
    </message>
    <message>
        <source>the vus load model needs vus, the number of virtual users (1 or more)</source>
        <extracomment>The most virtual users a profile may ask for (the native driver&apos;s bound). vus model: virtual users, each looping one request per iteration vus model: an iteration every pacing_s per user (k6&apos;s sleep(pacing - elapsed)); not with think_time_s vus model: the wait after each response (k6&apos;s sleep(t)) vus model: user i starts at i * ramp_up_s / vus (k6&apos;s ramping-vus from 0) vus model: how long an iteration in flight may finish after duration_s (k6&apos;s gracefulStop)</extracomment>
        <translation>o modelo de carga vus precisa de vus, o número de usuários virtuais (1 ou mais)</translation>
    </message>
    <message>
        <source>the vus load model needs duration_s, how long the virtual users run (s)</source>
        <translation>o modelo de carga vus precisa de duration_s, por quanto tempo os usuários virtuais rodam (s)</translation>
    </message>
    <message>
        <source>rate_per_s is for the open model; the vus model takes pacing_s</source>
        <translation>rate_per_s é do modelo aberto; o modelo vus usa pacing_s</translation>
    </message>
    <message>
        <source>give pacing_s (an iteration every pacing_s) or think_time_s (a wait after each response), not both</source>
        <translation>informe pacing_s (uma iteração a cada pacing_s) ou think_time_s (uma espera após cada resposta), não os dois</translation>
    </message>
    <message>
        <source>pacing_s must be above 0 s; got {value}</source>
        <translation>pacing_s deve ser maior que 0 s; recebido {value}</translation>
    </message>
    <message>
        <source>{field} must be 0 s or more; got {value}</source>
        <translation>{field} deve ser 0 s ou mais; recebido {value}</translation>
    </message>
    <message>
        <source>ramp_up_s ({ramp} s) must not exceed duration_s ({duration} s)</source>
        <translation>ramp_up_s ({ramp} s) não pode exceder duration_s ({duration} s)</translation>
    </message>
    <message>
        <source>limit is for list_pets and list_people; the operation {operation} takes none</source>
        <extracomment>Job operation -&gt; (rpc name, REST path); each protocol&apos;s own form is in its module (:mod:`bancada.wire.protocols`). A list&apos;s limit, bench.proto: 1 &lt;= limit &lt;= 1000.</extracomment>
        <translation>limit é de list_pets e list_people; a operação {operation} não recebe limit</translation>
    </message>
    <message>
        <source>{operation} needs limit, the rows to list ({low} to {high}; the study sends 10, 100, 1000)</source>
        <translation>{operation} precisa de limit, as linhas a listar ({low} a {high}; o estudo envia 10, 100, 1000)</translation>
    </message>
    <message>
        <source>limit {limit} is out of range: {operation} lists {low} to {high} rows</source>
        <translation>limit {limit} está fora do intervalo: {operation} lista de {low} a {high} linhas</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>{source}: unknown implementation {names}; known: {known}</source>
        <translation>{source}: implementação desconhecida {names}; conhecidas: {known}</translation>
    </message>
    <message>
        <source>{source}: unknown implementations {names}; known: {known}</source>
        <translation>{source}: implementações desconhecidas {names}; conhecidas: {known}</translation>
    </message>
    <message>
        <source> (its schedule &quot;interleaved&quot; is now called &quot;alternating&quot;; the default is randomized blocks)</source>
        <translation> (a sua ordem &quot;interleaved&quot; agora se chama &quot;alternating&quot;; o padrão são blocos aleatorizados)</translation>
    </message>
    <message>
        <source>max ({max}) must be &gt;= min ({min})</source>
        <extracomment>:data:`bancada.wire.operations.OPERATIONS` as a type (a test keeps the two lists equal). The six methods of the RPC study (seed 002), as workload operations. The count of a method workload that does not set one: sum&apos;s eight values (the study&apos;s), recolor&apos;s two extras. Seed 004&apos;s wire formats of a ``serial`` workload (bancada.experiment.links has the links). Seed 004&apos;s data kinds of a ``serial`` workload (workers/go/formats). The name ``alternating`` had before 0.2; profiles and stored runs that use it still open. Names of the well-known payload sizes of the reference study (seed 000). the workload&apos;s name, a level of the factor payload (e.g. StdSize) the contract&apos;s operation each request calls (select, echo, sum, ...; custom: your own request) the kind of the payload&apos;s values (int64s, doubles, strings, ...) values in one payload (default: the operation&apos;s own) the smallest generated value (int64s, doubles) the largest generated value (int64s, doubles) select only: how many values the server selects echo only: the server sends the payload back seed of the payload&apos;s generated values ``serial`` only (seed 004): the wire formats, each a level of the factor ``format``. ``list_pets`` / ``list_people`` only (seed 001): the rows asked for, 1..1000.</extracomment>
        <translation>max ({max}) deve ser &gt;= min ({min})</translation>
    </message>
    <message>
        <source>select takes kind = &apos;int64s&apos;</source>
        <translation>select usa kind = &apos;int64s&apos;</translation>
    </message>
    <message>
        <source>select needs count &gt;= 1</source>
        <translation>select precisa de count &gt;= 1</translation>
    </message>
    <message>
        <source>k ({k}) must be &lt;= count ({count})</source>
        <translation>k ({k}) deve ser &lt;= count ({count})</translation>
    </message>
    <message>
        <source>string_length must be &gt;= 1 (0 is for power_of_two, its n = 0)</source>
        <translation>string_length deve ser &gt;= 1 (0 é para power_of_two, seu n = 0)</translation>
    </message>
    <message>
        <source>formats is for operation = &apos;serial&apos; (seed 004&apos;s serialization formats)</source>
        <translation>formats é para operation = &apos;serial&apos; (os formatos de serialização do seed 004)</translation>
    </message>
    <message>
        <source>kind &apos;structs&apos; is for operation = &apos;serial&apos;; echo takes &apos;records&apos;</source>
        <translation>kind &apos;structs&apos; é para operation = &apos;serial&apos;; echo usa &apos;records&apos;</translation>
    </message>
    <message>
        <source>serial takes kind {names}; got {kind!r}</source>
        <translation>serial usa kind {names}; recebido {kind!r}</translation>
    </message>
    <message>
        <source>serial needs formats, a list of {names}</source>
        <translation>serial precisa de formats, uma lista de {names}</translation>
    </message>
    <message>
        <source>formats lists a format twice</source>
        <translation>formats lista um formato duas vezes</translation>
    </message>
    <message>
        <source>serial count {count} is above 10000000</source>
        <translation>o count de serial {count} passa de 10000000</translation>
    </message>
    <message>
        <source>the open model needs rate_per_s</source>
        <extracomment>sequential: one request at a time; closed: c clients in a loop; open: an arrival rate; vus: k6&apos;s users clients (closed) or most requests in flight (open) measured seconds per block (closed, open, vus); None: the experiment&apos;s requests instead requests per second of the open model gRPC with concurrency c: c channels (c TCP connections) or c streams over one channel the native driver&apos;s most samples per block; past it only histograms (None: its default) epoll engine, closed model: microseconds the event loop polls before it sleeps (None: the driver&apos;s default) epoll engine, closed model: event loops the connections are split over (None: one)</extracomment>
        <translation>o modelo aberto precisa de rate_per_s</translation>
    </message>
    <message>
        <source>implementations are listed twice</source>
        <extracomment>the profile&apos;s name, stored with each run (as bancada runs shows it) the study&apos;s title in the window and the report a sentence on what the study measures, in the window and the report implementation ids, &lt;worker&gt;-&lt;protocol&gt; (bancada workers lists them) repetitions (r) of every treatment measured requests per treatment and repetition (n) warm-up requests per treatment and repetition, recorded and flagged, before the measured ones reuse: one connection per client for the whole block; new: a connection per request, its set-up inside the latency seconds a request may take before it fails the process that sends the requests: auto (native where built, else python), python, native or locust the locust driver (bancada.drivers.locust): Locust workers (processes) per block the locust driver: users across its workers (None: one per worker) the locust driver: users started per second (None: all at once) the factors of the analysis: language, protocol, payload, implementation, operation, link, format Network links between driver and workers, each a level of the factor ``link``: preset names (bancada.experiment.links) or the names of the profile&apos;s ``[[links]]``. Empty: no emulated link.</extracomment>
        <translation>há implementações listadas duas vezes</translation>
    </message>
    <message>
        <source>links are listed twice</source>
        <translation>há enlaces listados duas vezes</translation>
    </message>
    <message>
        <source>load_users ({users}) must be at least load_workers ({workers}): one user per Locust worker</source>
        <translation>load_users ({users}) deve ser pelo menos load_workers ({workers}): um usuário por worker do Locust</translation>
    </message>
    <message>
        <source>unknown factor {bad!r}; allowed: {names}</source>
        <translation>fator desconhecido {bad!r}; permitidos: {names}</translation>
    </message>
    <message>
        <source>{text!r} is not a CPU list; expected e.g. &apos;0&apos;, &apos;1-3&apos; or &apos;0,2-3&apos;</source>
        <translation>{text!r} não é uma lista de CPUs; esperado por exemplo &apos;0&apos;, &apos;1-3&apos; ou &apos;0,2-3&apos;</translation>
    </message>
    <message>
        <source>{text!r}: range {v!r} runs backwards</source>
        <translation>{text!r}: o intervalo {v!r} está invertido</translation>
    </message>
    <message>
        <source>give bandwidth_kib_s or bandwidth_kbit_s, not both</source>
        <extracomment>added jitter of the round-trip time, milliseconds</extracomment>
        <translation>informe bandwidth_kib_s ou bandwidth_kbit_s, não os dois</translation>
    </message>
    <message>
        <source>workload names must be unique</source>
        <extracomment>the workers&apos; nice level (None: as they start) the driver&apos;s nice level (None: as it starts) the CPUs the workers are pinned to, a taskset list such as 0,1 (None: any) the CPUs the driver is pinned to, a taskset list (None: any) Services Bancada does not start (bancada.experiment.external). Custom links that ``experiment.links`` may name besides the presets. The experiment&apos;s PostgreSQL (seed 001; bancada.experiment.database); None: no database. One-line notices about what was read (e.g. a schedule name from an older Bancada); not stored.</extracomment>
        <translation>os nomes das cargas de trabalho devem ser únicos</translation>
    </message>
    <message>
        <source>external id {dup!r} is declared twice</source>
        <translation>o id externo {dup!r} está declarado duas vezes</translation>
    </message>
    <message>
        <source>give [link] (one link for the whole run) or experiment.links (a factor), not both</source>
        <translation>informe [link] (um enlace para toda a execução) ou experiment.links (um fator), não os dois</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>perfil</translation>
    </message>
    <message>
        <source>Field required</source>
        <translation>campo obrigatório ausente</translation>
    </message>
    <message>
        <source>Input should be a valid integer, unable to parse string as an integer</source>
        <translation>deveria ser um número inteiro; o texto não é um inteiro</translation>
    </message>
    <message>
        <source>Input should be a valid integer, got a number with a fractional part</source>
        <translation>deveria ser um número inteiro; veio um número com parte fracionária</translation>
    </message>
    <message>
        <source>Input should be a valid integer</source>
        <translation>deveria ser um número inteiro</translation>
    </message>
    <message>
        <source>Input should be a valid number, unable to parse string as a number</source>
        <translation>deveria ser um número; o texto não é um número</translation>
    </message>
    <message>
        <source>Input should be a valid number</source>
        <translation>deveria ser um número</translation>
    </message>
    <message>
        <source>Input should be a valid boolean, unable to interpret input</source>
        <translation>deveria ser true ou false; o valor não pôde ser interpretado</translation>
    </message>
    <message>
        <source>Input should be a valid boolean</source>
        <translation>deveria ser true ou false</translation>
    </message>
    <message>
        <source>Input should be a valid string</source>
        <translation>deveria ser um texto entre aspas</translation>
    </message>
    <message>
        <source>Input should be a valid list</source>
        <translation>deveria ser uma lista [...]</translation>
    </message>
    <message>
        <source>Input should be a valid dictionary</source>
        <translation>deveria ser uma tabela</translation>
    </message>
    <message>
        <source>Input should be a valid dictionary or instance of {class_name}</source>
        <translation>deveria ser uma tabela ({class_name})</translation>
    </message>
    <message>
        <source>Input should be {expected}</source>
        <translation>deveria ser {expected}</translation>
    </message>
    <message>
        <source>Input should be greater than {gt}</source>
        <translation>deveria ser maior que {gt}</translation>
    </message>
    <message>
        <source>Input should be greater than or equal to {ge}</source>
        <translation>deveria ser maior ou igual a {ge}</translation>
    </message>
    <message>
        <source>Input should be less than {lt}</source>
        <translation>deveria ser menor que {lt}</translation>
    </message>
    <message>
        <source>Input should be less than or equal to {le}</source>
        <translation>deveria ser menor ou igual a {le}</translation>
    </message>
    <message>
        <source>List should have at least {min_length} items after validation, not {actual_length}</source>
        <translation>a lista deveria ter pelo menos {min_length} itens, não {actual_length}</translation>
    </message>
    <message>
        <source>List should have at most {max_length} items after validation, not {actual_length}</source>
        <translation>a lista deveria ter no máximo {max_length} itens, não {actual_length}</translation>
    </message>
    <message>
        <source>unknown field</source>
        <translation>campo desconhecido</translation>
    </message>
    <message>
        <source>or</source>
        <translation>ou</translation>
    </message>
    <message>
        <source>{path}: no such profile file</source>
        <translation>{path}: arquivo de perfil inexistente</translation>
    </message>
    <message>
        <source>{name}: no such profile file, and no shipped profiles: {exc}</source>
        <translation>{name}: arquivo de perfil inexistente, e nenhum perfil do Bancada foi encontrado: {exc}</translation>
    </message>
    <message>
        <source>{name}: no such profile file, and not a shipped profile (shipped: {shipped}; in {folder})</source>
        <translation>{name}: arquivo de perfil inexistente, e não é um dos perfis do Bancada (perfis do Bancada: {shipped}; em {folder})</translation>
    </message>
    <message>
        <source>{path}: cannot read: {exc}</source>
        <translation>{path}: não é possível ler: {exc}</translation>
    </message>
    <message>
        <source>{path}: not valid TOML: {exc}</source>
        <translation>{path}: não é TOML válido: {exc}</translation>
    </message>
    <message>
        <source>cannot write {name} to TOML</source>
        <translation>não é possível escrever {name} em TOML</translation>
    </message>
    <message>
        <source>warmup_until: max_requests ({max}) must be at least 2 × window × windows ({least}), or the warm-up could never be judged steady</source>
        <extracomment>requests per window; None: :data:`WINDOW` a client, at least :data:`REQUESTS_PER_CLIENT` per client under a concurrent load (:func:`for_clients`) cap on warm-up requests per treatment; None: :data:`MAX_REQUESTS`, at least four times the least warm-up (2 × windows × window)</extracomment>
        <translation>warmup_until: max_requests ({max}) deve ser pelo menos 2 × window × windows ({least}), senão o aquecimento nunca poderia ser julgado estável</translation>
    </message>
    <message>
        <source>until steady: CoV of the medians of the last {k} windows of {w} requests (fewer when their latencies add up to {ws} s) ≤ {x} % (at most {n} requests or {s} s)</source>
        <translation>até estabilizar: CV das medianas das últimas {k} janelas de {w} requisições (menos quando suas latências somam {ws} s) ≤ {x} % (no máximo {n} requisições ou {s} s)</translation>
    </message>
    <message>
        <source>until steady: CoV of the medians of the last {k} windows of {w} requests ≤ {x} % (at most {n} requests or {s} s)</source>
        <translation>até estabilizar: CV das medianas das últimas {k} janelas de {w} requisições ≤ {x} % (no máximo {n} requisições ou {s} s)</translation>
    </message>
    <message>
        <source>; in each treatment&apos;s first block only, later blocks by the count</source>
        <translation>; só no primeiro bloco de cada tratamento, os blocos seguintes pela contagem</translation>
    </message>
    <message>
        <source>the warm-up ends on one of {choices}, not {v!r}</source>
        <translation>o aquecimento termina por um de {choices}, não {v!r}</translation>
    </message>
    <message>
        <source>warmup_until must be &quot;steady&quot;, &quot;count&quot; or a table of the criterion, not {v!r}</source>
        <translation>warmup_until deve ser &quot;steady&quot;, &quot;count&quot; ou uma tabela do critério, não {v!r}</translation>
    </message>
</context>
<context>
    <name>Profiling</name>
    <message>
        <source>not a pprof CPU profile ({reason})</source>
        <translation>não é um perfil de CPU pprof ({reason})</translation>
    </message>
    <message>
        <source>not the JSON of jfr print ({reason})</source>
        <translation>não é o JSON do jfr print ({reason})</translation>
    </message>
    <message>
        <source>the JDK&apos;s jfr tool could not read the recording ({reason})</source>
        <translation>a ferramenta jfr do JDK não conseguiu ler a gravação ({reason})</translation>
    </message>
    <message>
        <source>not a V8 .cpuprofile ({reason})</source>
        <translation>não é um .cpuprofile do V8 ({reason})</translation>
    </message>
    <message>
        <source>unknown profile format {fmt!r} (expected pprof, jfr, folded or cpuprofile)</source>
        <translation>formato de perfil desconhecido {fmt!r} (esperado pprof, jfr, folded ou cpuprofile)</translation>
    </message>
    <message>
        <source>{tool} on {impl}: {reason}</source>
        <translation>{tool} em {impl}: {reason}</translation>
    </message>
    <message>
        <source>{tool} on {impl}: the profile came back empty</source>
        <translation>{tool} em {impl}: o perfil voltou vazio</translation>
    </message>
    <message>
        <source>no CPU profiler for the {worker} worker yet</source>
        <extracomment>whether an empty file is a profile without samples (py-spy writes nothing for an idle worker) worker name -&gt; (tool, how to check it is there); Go and Node.js need only the worker itself.</extracomment>
        <translation>ainda não há profiler de CPU para o worker {worker}</translation>
    </message>
    <message>
        <source>the JDK&apos;s jfr tool is not on this computer&apos;s PATH</source>
        <translation>a ferramenta jfr do JDK não está no PATH deste computador</translation>
    </message>
    <message>
        <source>the JDK&apos;s jcmd is not on the host&apos;s PATH</source>
        <translation>o jcmd do JDK não está no PATH do host</translation>
    </message>
    <message>
        <source>py-spy is not installed on the host (pip install py-spy)</source>
        <translation>o py-spy não está instalado no host (pip install py-spy)</translation>
    </message>
    <message>
        <source>no more CPU profiles of {impl}: {reason}</source>
        <translation>sem mais perfis de CPU de {impl}: {reason}</translation>
    </message>
    <message>
        <source>this kind of host cannot be profiled</source>
        <translation>este tipo de host não pode ser perfilado</translation>
    </message>
    <message>
        <source>Bancada does not start this service</source>
        <translation>o Bancada não inicia este serviço</translation>
    </message>
    <message>
        <source>no CPU profile for {parts}; the run goes on without them</source>
        <translation>sem perfil de CPU para {parts}; a execução continua sem eles</translation>
    </message>
    <message>
        <source>{tool} on {impl}: no profile written within {s} s of the stop</source>
        <translation>{tool} em {impl}: nenhum perfil gravado em até {s} s depois da parada</translation>
    </message>
</context>
<context>
    <name>Published</name>
    <message>
        <source>This run has no LargeSize, where the paper ranks REST before gRPC (Go REST {go} ms ≈ Java REST {java} ms, then gRPC).</source>
        <translation>Esta execução não tem LargeSize, onde o artigo põe REST antes de gRPC (Go REST {go} ms ≈ Java REST {java} ms, depois gRPC).</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Paper (ms)</source>
        <translation>Artigo (ms)</translation>
    </message>
    <message>
        <source>This run (ms)</source>
        <translation>Esta execução (ms)</translation>
    </message>
    <message>
        <source>The paper beside this run</source>
        <translation>O artigo ao lado desta execução</translation>
    </message>
    <message>
        <source>Soares (UFLA 2024), Tables 2.1 and 2.4: medians in ms</source>
        <extracomment>The profiles that run seed 000&apos;s design, by ``[experiment] name``. The as-published workers and the paper&apos;s implementation each one is.</extracomment>
        <translation>Soares (UFLA 2024), Tabelas 2.1 e 2.4: medianas em ms</translation>
    </message>
    <message>
        <source>This run ranks LargeSize as the paper does.</source>
        <translation>Esta execução ordena o LargeSize como o artigo.</translation>
    </message>
    <message>
        <source>At LargeSize the paper ranks REST before gRPC (Go REST {go} ms ≈ Java REST {java} ms, then gRPC); this run&apos;s order differs.</source>
        <translation>No LargeSize o artigo põe REST antes de gRPC (Go REST {go} ms ≈ Java REST {java} ms, depois gRPC); a ordem desta execução é outra.</translation>
    </message>
    <message>
        <source>The paper&apos;s Go REST series is unlikely to be its gin server&apos;s: across its 31 experiments it drifts as a warming JVM does and moves with Java REST&apos;s (correlation 0.99), and 204,800 ints cost it 1.2 ms more than 200, while decoding them with Go&apos;s encoding/json takes tens of milliseconds (the profile soares-2024-as-published runs the paper&apos;s own gin and Spring Boot servers). Absolute times also depend on the machine and the client: the paper opened a new connection per REST request and paused 1 s between requests. Read a different ranking as a difference of servers and set-up, not as an error of this run; docs/seeds.md gives the evidence.</source>
        <translation>A série Go REST do artigo dificilmente é a do servidor gin dele: ao longo dos 31 experimentos ela cai como uma JVM aquecendo e acompanha a do Java REST (correlação 0,99), e 204.800 inteiros custam a ela 1,2 ms a mais que 200, enquanto decodificá-los com o encoding/json do Go leva dezenas de milissegundos (o perfil soares-2024-as-published executa os próprios servidores gin e Spring Boot do artigo). Os tempos absolutos também dependem da máquina e do cliente: o artigo abria uma conexão nova a cada requisição REST e fazia uma pausa de 1 s entre as requisições. Leia uma ordem diferente como diferença de servidores e de montagem, não como erro desta execução; docs/seeds.md traz as evidências.</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <extracomment>Labels of Qt&apos;s dialog that Qt 6 spells with a mnemonic (&quot;&amp;Look in:&quot;) while its own pt-BR catalogue still has them without (&quot;Look in:&quot;): Bancada&apos;s catalogue carries them in Qt&apos;s context.</extracomment>
        <translation>Procurar &amp;em:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Arquivos do &amp;tipo:</translation>
    </message>
</context>
<context>
    <name>Readings</name>
    <message>
        <source>no samples yet</source>
        <translation>ainda não há amostras</translation>
    </message>
    <message>
        <source>the tables appear when the first repetition is complete</source>
        <translation>as tabelas aparecem quando a primeira repetição estiver completa</translation>
    </message>
    <message>
        <source>no repetition is complete in every treatment</source>
        <translation>nenhuma repetição está completa em todos os tratamentos</translation>
    </message>
    <message>
        <source>the tables compare treatments: choose at least two implementations</source>
        <translation>as tabelas comparam tratamentos: escolha pelo menos duas implementações</translation>
    </message>
    <message>
        <source>language</source>
        <translation>linguagem</translation>
    </message>
    <message>
        <source>protocol</source>
        <translation>protocolo</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>implementação</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>payload</translation>
    </message>
    <message>
        <source>link</source>
        <translation>enlace</translation>
    </message>
    <message>
        <source>format</source>
        <translation>formato</translation>
    </message>
    <message>
        <source>experimental error</source>
        <translation>erro experimental</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>operação</translation>
    </message>
    <message>
        <source>negligible</source>
        <translation>desprezível</translation>
    </message>
    <message>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <source>fastest {fast} (median {m1} ms), slowest {slow} ({m2} ms, {ratio}×)</source>
        <translation>mais rápido {fast} (mediana {m1} ms), mais lento {slow} ({m2} ms, {ratio}×)</translation>
    </message>
    <message>
        <source>{k} of {n} treatments are not normal (p &lt; {a})</source>
        <translation>{k} de {n} tratamentos não são normais (p &lt; {a})</translation>
    </message>
    <message>
        <source>: the rank tests below fit</source>
        <translation>: os testes de postos abaixo são os adequados</translation>
    </message>
    <message>
        <source>{k} of {n} pairs differ (Holm p &lt; {a})</source>
        <translation>{k} de {n} pares diferem (p de Holm &lt; {a})</translation>
    </message>
    <message>
        <source>{f} matters (p {p})</source>
        <translation>{f} faz diferença (p {p})</translation>
    </message>
    <message>
        <source>{f} makes no clear difference (p {p})</source>
        <translation>{f} não faz diferença clara (p {p})</translation>
    </message>
    <message>
        <source>not computed: {why}</source>
        <translation>não calculado: {why}</translation>
    </message>
    <message>
        <source>{f} explains {pct}</source>
        <translation>{f} explica {pct}</translation>
    </message>
    <message>
        <source>{parts} of the variation</source>
        <translation>{parts} da variação</translation>
    </message>
    <message>
        <source>; {pct} is experimental error</source>
        <translation>; {pct} é erro experimental</translation>
    </message>
    <message>
        <source>; the largest share, {pct}, is experimental error: the requests vary more on their own than with any factor</source>
        <translation>; a maior parte, {pct}, é erro experimental: as requisições variam mais por si só do que com qualquer fator</translation>
    </message>
    <message>
        <source>{k} of {n} effects are significant (their {c} interval excludes 0)</source>
        <translation>{k} de {n} efeitos são significativos (o intervalo de confiança de {c} exclui 0)</translation>
    </message>
    <message>
        <source>up to {n} requests per treatment ({t}) for a mean within ±{e} at {c} (Jain), {nm} ({tm}) for a median (order statistics); this run has {have}</source>
        <translation>até {n} requisições por tratamento ({t}) para uma média dentro de ±{e} com {c} de confiança (Jain), {nm} ({tm}) para uma mediana (estatísticas de ordem); esta execução tem {have}</translation>
    </message>
    <message>
        <source>1 comparison</source>
        <translation>1 comparação</translation>
    </message>
    <message>
        <source>1 pair</source>
        <translation>1 par</translation>
    </message>
    <message>
        <source>With r = {r} repetitions and {np} this test cannot reach p &lt; {a}: its smallest possible Holm p is {pmin}, so its &quot;no difference&quot; is not evidence of anything. The test above counts every request as independent, which the requests of one repetition are not (they share its conditions), so its differences are not confirmed either; r = {need} repetitions per treatment would let this test decide</source>
        <translation>Com r = {r} repetições e {np}, este teste não pode chegar a p &lt; {a}: seu menor p de Holm possível é {pmin}, então seu &quot;sem diferença&quot; não é evidência de nada. O teste acima conta cada requisição como independente, o que as requisições de uma repetição não são (elas compartilham as condições dela), então suas diferenças também não estão confirmadas; r = {need} repetições por tratamento permitiriam que este teste decidisse</translation>
    </message>
    <message>
        <source>{k} comparisons</source>
        <translation>{k} comparações</translation>
    </message>
    <message>
        <source>{k} pairs</source>
        <translation>{k} pares</translation>
    </message>
    <message>
        <source>When this test and the one above disagree, trust this one: the requests of one repetition share its conditions (the machine&apos;s load then, the connections, the server&apos;s warm state), so they are not independent observations, and the test per request counts thousands of them as if they were; the repetitions are the independent units</source>
        <translation>Quando este teste e o de cima discordam, confie neste: as requisições de uma repetição compartilham as condições dela (a carga da máquina naquele momento, as conexões, o estado já aquecido do servidor), então não são observações independentes, e o teste por requisição conta milhares delas como se fossem; as repetições são as unidades independentes</translation>
    </message>
    <message>
        <source>{k} of {n} pair differs when each repetition counts once (Holm p &lt; {a}, r = {r}).</source>
        <translation>{k} de {n} par difere quando cada repetição conta uma vez (p de Holm &lt; {a}, r = {r}).</translation>
    </message>
    <message>
        <source>{k} of {n} pairs differs when each repetition counts once (Holm p &lt; {a}, r = {r}).</source>
        <translation>{k} de {n} pares difere quando cada repetição conta uma vez (p de Holm &lt; {a}, r = {r}).</translation>
    </message>
    <message>
        <source>{k} of {n} pairs differ when each repetition counts once (Holm p &lt; {a}, r = {r}).</source>
        <translation>{k} de {n} pares diferem quando cada repetição conta uma vez (p de Holm &lt; {a}, r = {r}).</translation>
    </message>
    <message>
        <source>{k} of {n} pair differs (Holm p &lt; {a})</source>
        <translation>{k} de {n} par difere (p de Holm &lt; {a})</translation>
    </message>
    <message>
        <source>{k} of {n} pairs differs (Holm p &lt; {a})</source>
        <translation>{k} de {n} pares difere (p de Holm &lt; {a})</translation>
    </message>
    <message>
        <source>{k} of {n} effect is significant (its {c} interval excludes 0)</source>
        <translation>{k} de {n} efeito é significativo (o intervalo de confiança de {c} exclui 0)</translation>
    </message>
    <message>
        <source>{k} of {n} effects is significant (its {c} interval excludes 0)</source>
        <translation>{k} de {n} efeitos é significativo (o intervalo de confiança de {c} exclui 0)</translation>
    </message>
    <message>
        <source>{k} of {n} treatment is not normal (p &lt; {a})</source>
        <translation>{k} de {n} tratamento não é normal (p &lt; {a})</translation>
    </message>
    <message>
        <source>{k} of {n} treatments is not normal (p &lt; {a})</source>
        <translation>{k} de {n} tratamentos não é normal (p &lt; {a})</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>Report</source>
        <extracomment>host facts shown, in this order (other keys follow)</extracomment>
        <translation>Relatório</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>Delineamento</translation>
    </message>
    <message>
        <source>Profile as run</source>
        <translation>Perfil como executado</translation>
    </message>
    <message>
        <source>Host and workers</source>
        <translation>Host e workers</translation>
    </message>
    <message>
        <source>Host facts</source>
        <translation>Dados do host</translation>
    </message>
    <message>
        <source>Driver host facts</source>
        <translation>Dados do host do driver</translation>
    </message>
    <message>
        <source>Worker versions</source>
        <translation>Versões dos workers</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Figuras</translation>
    </message>
    <message>
        <source>Latency per treatment (box plots)</source>
        <translation>Latência por tratamento (box plots)</translation>
    </message>
    <message>
        <source>Boxes from the first to the third quartile, a thick line at the median; whiskers reach the most extreme latency within 1.5 IQR (Tukey); circles are the latencies beyond them. Measured, successful requests only.</source>
        <translation>Caixas do primeiro ao terceiro quartil, com uma linha grossa na mediana; os bigodes chegam à latência mais extrema dentro de 1,5 IIQ (Tukey); os círculos são as latências além deles. Só requisições medidas e bem-sucedidas.</translation>
    </message>
    <message>
        <source>Latency in arrival order (trace)</source>
        <translation>Latência na ordem de chegada (traço)</translation>
    </message>
    <message>
        <source>Each request&apos;s latency in the order it arrived, per treatment; warm-up faint. Long runs are reduced to the smallest and largest latency of consecutive bins, so spikes stay visible.</source>
        <translation>A latência de cada requisição na ordem em que chegou, por tratamento; o aquecimento em cor clara. Execuções longas são reduzidas à menor e à maior latência de intervalos consecutivos, para que os picos continuem visíveis.</translation>
    </message>
    <message>
        <source>Statistics</source>
        <extracomment>file suffix of each format Columns whose texts name factors and their interactions (``language``, ``language*protocol [go]``).</extracomment>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <source>Conclusions</source>
        <translation>Conclusões</translation>
    </message>
    <message>
        <source>Comparison with other runs</source>
        <translation>Comparação com outras execuções</translation>
    </message>
    <message>
        <source>No statistics: {why}</source>
        <translation>Sem estatísticas: {why}</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Implementation</source>
        <translation>Implementação</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Linguagem</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>Runtime</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versão</translation>
    </message>
    <message>
        <source>This run is a tidy CSV (e.g. published data): it carries no profile, host facts or worker versions.</source>
        <translation>Esta execução é um CSV organizado (por exemplo, dados publicados): não traz perfil, dados do host nem versões dos workers.</translation>
    </message>
    <message>
        <source>Generated by Bancada {v} on {when} from {src}.</source>
        <translation>Gerado pelo Bancada {v} em {when} a partir de {src}.</translation>
    </message>
    <message>
        <source>Response: latency in milliseconds of the measured, successful requests (warm-up and errors left out).</source>
        <translation>Resposta: latência em milissegundos das requisições medidas e bem-sucedidas (aquecimento e erros deixados de fora).</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Execução</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Perfil</translation>
    </message>
    <message>
        <source>Implementations</source>
        <translation>Implementações</translation>
    </message>
    <message>
        <source>Factor {f}: levels</source>
        <translation>Fator {f}: níveis</translation>
    </message>
    <message>
        <source>Workloads (payload)</source>
        <translation>Cargas de trabalho (payload)</translation>
    </message>
    <message>
        <source>Requests per treatment and repetition (n)</source>
        <translation>Requisições por tratamento e repetição (n)</translation>
    </message>
    <message>
        <source>Repetitions (r)</source>
        <translation>Repetições (r)</translation>
    </message>
    <message>
        <source>Warm-up requests per block</source>
        <translation>Requisições de aquecimento por bloco</translation>
    </message>
    <message>
        <source>Warm-up requests per block (at least)</source>
        <translation>Requisições de aquecimento por bloco (no mínimo)</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>Aquecimento</translation>
    </message>
    <message>
        <source>Warm-up requests it took (per block)</source>
        <translation>Requisições de aquecimento usadas (por bloco)</translation>
    </message>
    <message>
        <source>{treatment}: median {median} ({low}–{high}), {steady} of {blocks} blocks steady</source>
        <translation>{treatment}: mediana {median} ({low}–{high}), {steady} de {blocks} blocos estáveis</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Ordem de execução</translation>
    </message>
    <message>
        <source>Schedule&apos;s seed</source>
        <translation>Semente da ordem de execução</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Carga</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>Driver</translation>
    </message>
    <message>
        <source>Host / driver host</source>
        <translation>Host / host do driver</translation>
    </message>
    <message>
        <source>Started / ended</source>
        <translation>Início / fim</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Measured, successful requests</source>
        <translation>Requisições medidas e bem-sucedidas</translation>
    </message>
    <message>
        <source>sequential (one request at a time)</source>
        <translation>sequencial (uma requisição por vez)</translation>
    </message>
    <message>
        <source>closed loop, {c} clients</source>
        <translation>laço fechado, {c} clientes</translation>
    </message>
    <message>
        <source>open, {r} requests/s</source>
        <translation>aberta, {r} requisições/s</translation>
    </message>
    <message>
        <source>randomized (each repetition&apos;s blocks in a drawn order)</source>
        <translation>aleatorizada (os blocos de cada repetição em ordem sorteada)</translation>
    </message>
    <message>
        <source>sequential (the blocks in the profile&apos;s order)</source>
        <translation>sequencial (os blocos na ordem do perfil)</translation>
    </message>
    <message>
        <source>alternating (request by request across treatments)</source>
        <translation>alternada (requisição a requisição entre os tratamentos)</translation>
    </message>
    <message>
        <source>reused (one connection per treatment and block)</source>
        <translation>reutilizada (uma conexão por tratamento e bloco)</translation>
    </message>
    <message>
        <source>new for every request</source>
        <translation>nova a cada requisição</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Carga de trabalho</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Paper</source>
        <translation>Artigo</translation>
    </message>
    <message>
        <source>Paper&apos;s median (ms)</source>
        <translation>Mediana do artigo (ms)</translation>
    </message>
    <message>
        <source>This run</source>
        <translation>Esta execução</translation>
    </message>
    <message>
        <source>This run&apos;s median (ms)</source>
        <translation>Mediana desta execução (ms)</translation>
    </message>
    <message>
        <source>The paper beside this run</source>
        <translation>O artigo ao lado desta execução</translation>
    </message>
    <message>
        <source>{vus} virtual users for {s} s per block</source>
        <translation>{vus} usuários virtuais por {s} s em cada bloco</translation>
    </message>
    <message>
        <source>an iteration every {s} s</source>
        <translation>uma iteração a cada {s} s</translation>
    </message>
    <message>
        <source>a pause of {s} s after each response</source>
        <translation>uma pausa de {s} s após cada resposta</translation>
    </message>
    <message>
        <source>no pause between requests</source>
        <translation>sem pausa entre as requisições</translation>
    </message>
    <message>
        <source>native (Go)</source>
        <translation>nativo (Go)</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Locust (distributed)</source>
        <translation>Locust (distribuído)</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automático</translation>
    </message>
    <message>
        <source>selection</source>
        <translation>seleção</translation>
    </message>
    <message>
        <source>echo</source>
        <translation>eco</translation>
    </message>
    <message>
        <source>empty request</source>
        <translation>requisição vazia</translation>
    </message>
    <message>
        <source>worker information</source>
        <translation>informações do worker</translation>
    </message>
    <message>
        <source>serialization</source>
        <translation>serialização</translation>
    </message>
    <message>
        <source>custom request</source>
        <translation>requisição própria</translation>
    </message>
    <message>
        <source>{n} 64-bit integers</source>
        <translation>{n} inteiros de 64 bits</translation>
    </message>
    <message>
        <source>{n} floating-point numbers</source>
        <translation>{n} números de ponto flutuante</translation>
    </message>
    <message>
        <source>{n} strings</source>
        <translation>{n} cadeias de caracteres</translation>
    </message>
    <message>
        <source>{n} records</source>
        <translation>{n} registros</translation>
    </message>
    <message>
        <source>{n} structures</source>
        <translation>{n} estruturas</translation>
    </message>
    <message>
        <source>host name</source>
        <translation>nome do host</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>operating system</source>
        <translation>sistema operacional</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>architecture</source>
        <translation>arquitetura</translation>
    </message>
    <message>
        <source>processor</source>
        <translation>processador</translation>
    </message>
    <message>
        <source>processors (cores)</source>
        <translation>processadores (núcleos)</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memória</translation>
    </message>
    <message>
        <source>load average (1, 5, 15 min)</source>
        <translation>carga média (1, 5, 15 min)</translation>
    </message>
    <message>
        <source>CPU frequency governor</source>
        <translation>regulador de frequência da CPU</translation>
    </message>
    <message>
        <source>Java</source>
        <translation>Java</translation>
    </message>
    <message>
        <source>Java, major version</source>
        <translation>Java, versão principal</translation>
    </message>
    <message>
        <source>Python, version</source>
        <translation>Python, versão</translation>
    </message>
    <message>
        <source>Python of the driver</source>
        <translation>Python do driver</translation>
    </message>
    <message>
        <source>Python can make a virtual environment</source>
        <translation>Python cria ambiente virtual</translation>
    </message>
    <message>
        <source>Node.js</source>
        <translation>Node.js</translation>
    </message>
    <message>
        <source>Node.js, major version</source>
        <translation>Node.js, versão principal</translation>
    </message>
    <message>
        <source>npm</source>
        <translation>npm</translation>
    </message>
    <message>
        <source>free disk space</source>
        <translation>espaço livre em disco</translation>
    </message>
    <message>
        <source>PostgreSQL versions installed</source>
        <translation>versões do PostgreSQL instaladas</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>Baseline: {b}. Medians with their distribution-free 95 % interval; the change&apos;s interval by the percentile bootstrap ({k} resamples); p from the Wilcoxon rank-sum test over {unit}, Holm-adjusted per table; ~ means not significant at alpha {a}.</source>
        <translation>Referência: {b}. Medianas com seu intervalo de 95 % livre de distribuição; o intervalo da mudança pelo bootstrap percentil ({k} reamostragens); p do teste da soma de postos de Wilcoxon sobre {unit}, ajustado por Holm em cada tabela; ~ quer dizer não significativo a alfa {a}.</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>requisições</translation>
    </message>
    <message>
        <source>repetition medians</source>
        <translation>medianas das repetições</translation>
    </message>
    <message>
        <source>Which implementation answers fastest, and does the difference hold?</source>
        <translation>Qual implementação responde mais rápido, e a diferença se sustenta?</translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation>latência (ms)</translation>
    </message>
    <message>
        <source>request (per treatment, in arrival order)</source>
        <translation>requisição (por tratamento, na ordem de chegada)</translation>
    </message>
    <message>
        <source>As k6 prints http_req_duration at the end of a test, per treatment: k6&apos;s percentiles (linear interpolation between the closest ranks), failed requests counted in the times; requests/s over the load&apos;s planned duration per repetition.</source>
        <translation>Como o k6 imprime http_req_duration ao fim de um teste, por tratamento: os percentis do k6 (interpolação linear entre as posições mais próximas), requisições com falha contadas nos tempos; requisições/s sobre a duração planejada da carga em cada repetição.</translation>
    </message>
    <message>
        <source>Where the time goes (CPU profiles)</source>
        <translation>Para onde vai o tempo (perfis de CPU)</translation>
    </message>
    <message>
        <source>Flame graphs of the servers&apos; CPU while the blocks ran: a frame&apos;s width is its share of the samples, callers below callees; colours only tell frames apart. A worker&apos;s profile covers every treatment it served in a block. Profiling was on in this run, so its latencies include the profiler&apos;s cost.</source>
        <translation>Flame graphs da CPU dos servidores durante os blocos: a largura de um quadro é a sua fatia das amostras, quem chama fica embaixo de quem é chamado; as cores só distinguem os quadros. O perfil de um worker cobre todos os tratamentos que ele atendeu num bloco. Esta execução foi perfilada, então suas latências incluem o custo do profiler.</translation>
    </message>
    <message>
        <source>Most samples of their own (the tops of the flames): {items}.</source>
        <translation>Mais amostras próprias (os topos das chamas): {items}.</translation>
    </message>
    <message>
        <source>{label}: {n} samples ({tool})</source>
        <translation>{label}: {n} amostras ({tool})</translation>
    </message>
    <message>
        <source>external (not started by Bancada)</source>
        <translation>externo (não iniciado pelo Bancada)</translation>
    </message>
</context>
<context>
    <name>RequestBox</name>
    <message>
        <source>e.g. Sum</source>
        <translation>por exemplo Soma</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>&lt;b&gt;REST&lt;/b&gt; (sent to the REST servers)</source>
        <translation>&lt;b&gt;REST&lt;/b&gt; (enviada aos servidores REST)</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>/v1/sum (empty: no REST request)</source>
        <translation>/v1/sum (vazio: sem requisição REST)</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Caminho</translation>
    </message>
    <message>
        <source>Name: value, one a line (e.g. X-Api-Key: 123)</source>
        <translation>Nome: valor, um por linha (por exemplo X-Api-Key: 123)</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Cabeçalhos</translation>
    </message>
    <message>
        <source>Body: JSON, or a template such as {&quot;values&quot;: {{int64s 10 0 100}}}</source>
        <translation>Corpo: JSON, ou um modelo como {&quot;values&quot;: {{int64s 10 0 100}}}</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Corpo</translation>
    </message>
    <message>
        <source>&lt;b&gt;gRPC&lt;/b&gt; (sent to the gRPC servers)</source>
        <translation>&lt;b&gt;gRPC&lt;/b&gt; (enviada aos servidores gRPC)</translation>
    </message>
    <message>
        <source>package.Service/Method: Check a gRPC server to choose from its methods</source>
        <translation>pacote.Serviço/Método: verifique um servidor gRPC para escolher entre os métodos dele</translation>
    </message>
    <message>
        <source>gRPC method</source>
        <translation>Método gRPC</translation>
    </message>
    <message>
        <source>The request as JSON, filled from the method&apos;s input message</source>
        <translation>A requisição em JSON, preenchida a partir da mensagem de entrada do método</translation>
    </message>
    <message>
        <source>Request (JSON)</source>
        <translation>Requisição (JSON)</translation>
    </message>
    <message>
        <source>Remove request</source>
        <translation>Remover requisição</translation>
    </message>
</context>
<context>
    <name>RunCaption</name>
    <message>
        <source>pilot</source>
        <extracomment>the notes the guide writes into a run&apos;s metadata (``note``), translated where shown</extracomment>
        <translation>piloto</translation>
    </message>
    <message>
        <source>main run</source>
        <translation>execução principal</translation>
    </message>
    <message>
        <source>n = {n}, r = {r}</source>
        <translation>n = {n}, r = {r}</translation>
    </message>
    <message>
        <source>{name} (tidy CSV, read-only)</source>
        <translation>{name} (CSV organizado, só leitura)</translation>
    </message>
</context>
<context>
    <name>RunJob</name>
    <message>
        <source>The run process ended unexpectedly (exit code {code}); the samples it stored are kept in the run file</source>
        <translation>O processo da execução terminou inesperadamente (código de saída {code}); as amostras que ele gravou estão guardadas no arquivo da execução</translation>
    </message>
    <message>
        <source>The run process ended unexpectedly; the samples it stored are kept in the run file</source>
        <translation>O processo da execução terminou inesperadamente; as amostras que ele gravou estão guardadas no arquivo da execução</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln erro</numerusform>
            <numerusform>%Ln erros</numerusform>
        </translation>
    </message>
    <message>
        <source>{m} of {t} measured</source>
        <translation>{m} de {t} medidas</translation>
    </message>
    <message>
        <source>{m} measured</source>
        <translation>{m} medidas</translation>
    </message>
    <message>
        <source>{w} warm-up</source>
        <translation>{w} de aquecimento</translation>
    </message>
    <message>
        <source>no errors</source>
        <translation>nenhum erro</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <source>%p% of the planned time</source>
        <translation>%p% do tempo planejado</translation>
    </message>
    <message>
        <source>{r} samples/s</source>
        <translation>{r} amostras/s</translation>
    </message>
    <message>
        <source>ETA {t}</source>
        <translation>Falta {t}</translation>
    </message>
</context>
<context>
    <name>RunStore</name>
    <message>
        <source>cannot write the run file {path}: the disk is full in the folder {folder} ({free} MiB free; a run of this plan needs about {need} MiB); what was stored before is kept</source>
        <extracomment>Run statuses. ``running`` left in a file means the process died mid-run. What a stored sample takes at most while the run writes, for the space a run needs: a finished file holds about 53 B a sample (the fault harness&apos;s run, tests/faults/harness.py: 638,976 B for 12,040 samples); three times that covers a block&apos;s staged columns and the WAL before a checkpoint. What the write-ahead log keeps on disk once SQLite resets it after a checkpoint (its ``journal_size_limit``): without a limit it stays at its high-water mark, the largest block&apos;s rows. 4 MiB is what SQLite&apos;s automatic checkpoint lets it reach (1,000 pages of 4 KiB) between resets. How long a write waits for another connection&apos;s lock (ms): Python&apos;s own default (5 s). The samples the run&apos;s plan makes (0: unknown, a timed run), for the space a full disk lacks.</extracomment>
        <translation>não foi possível gravar o arquivo da execução {path}: o disco está cheio na pasta {folder} ({free} MiB livres; uma execução deste plano precisa de cerca de {need} MiB); o que foi gravado antes está guardado</translation>
    </message>
    <message>
        <source>the disk failed to write</source>
        <translation>o disco falhou ao gravar</translation>
    </message>
    <message>
        <source>cannot write the run file {path}: {reason}; what was stored before is kept</source>
        <translation>não foi possível gravar o arquivo da execução {path}: {reason}; o que foi gravado antes está guardado</translation>
    </message>
</context>
<context>
    <name>Runner</name>
    <message>
        <source>worker {implementation} died mid-run (exit code {code})</source>
        <translation>o worker {implementation} parou no meio da execução (código de saída {code})</translation>
    </message>
    <message>
        <source>block {block}: {n} requests were answered more than {timeout} s after their planned start (they waited to be sent while the link or the worker stalled); they are failed samples (timeout), not latencies</source>
        <translation>bloco {block}: {n} requisições foram respondidas mais de {timeout} s depois do início planejado (esperaram para ser enviadas enquanto o enlace ou o worker travou); são amostras com falha (timeout), não latências</translation>
    </message>
    <message>
        <source>the SSH connection to {host} dropped during block {block}; the run stops and the samples so far are kept (the worker left on the host is stopped at the next connection)</source>
        <extracomment>The experiment&apos;s database (seed 001): started before the workers, reset before every repetition.</extracomment>
        <translation>a conexão SSH com {host} caiu durante o bloco {block}; a execução para e as amostras até aqui estão guardadas (o worker deixado no host é parado na próxima conexão)</translation>
    </message>
    <message>
        <source>the driver did not run for {seconds} s in block {block} (the computer was suspended or the run&apos;s processes were stopped): {n} measured requests in flight across the gap are marked and left out of the latencies</source>
        <translation>o driver ficou parado por {seconds} s no bloco {block} (o computador foi suspenso ou os processos da execução foram parados): {n} requisições medidas em andamento durante a lacuna estão marcadas e ficam fora das latências</translation>
    </message>
    <message>
        <source>the {choice} driver is not available on {name}{hint}; available there: {v}</source>
        <translation>o driver {choice} não está disponível em {name}{hint}; disponíveis lá: {v}</translation>
    </message>
    <message>
        <source>the Python driver runs only the sequential load model; this profile asks for {model!r}: use --driver native</source>
        <translation>o driver Python roda só o modelo de carga sequencial; este perfil pede {model!r}: use o driver nativo (--driver native)</translation>
    </message>
    <message>
        <source>the Python driver does not run seed 004&apos;s serialization formats ({serial}): use --driver native</source>
        <translation>o driver Python não roda os formatos de serialização do seed 004 ({serial}): use o driver nativo (--driver native)</translation>
    </message>
    <message>
        <source>the Python driver runs custom REST requests but not custom gRPC methods ({grpc_custom}): use --driver native</source>
        <translation>o driver Python roda requisições REST personalizadas, mas não métodos gRPC personalizados ({grpc_custom}): use o driver nativo (--driver native)</translation>
    </message>
    <message>
        <source>treatment {label} cannot be measured: {why}{hint}</source>
        <translation>o tratamento {label} não pode ser medido: {why}{hint}</translation>
    </message>
    <message>
        <source>implementation {impl_id} cannot be measured: {why_not}</source>
        <translation>a implementação {impl_id} não pode ser medida: {why_not}</translation>
    </message>
    <message>
        <source>implementation {impl_id} cannot run on host {name}: {reason}</source>
        <translation>a implementação {impl_id} não pode rodar no host {name}: {reason}</translation>
    </message>
    <message>
        <source>placement refused: {why}</source>
        <translation>posicionamento recusado: {why}</translation>
    </message>
    <message>
        <source>the run goes on without it</source>
        <translation>a execução continua sem ele</translation>
    </message>
    <message>
        <source>starting {impl} on {host}</source>
        <translation>iniciando {impl} em {host}</translation>
    </message>
    <message>
        <source>the connection to {host} dropped; the samples so far are kept. Reconnecting every {s} s (Stop gives up)…</source>
        <translation>a conexão com {host} caiu; as amostras até aqui estão guardadas. Reconectando a cada {s} s (Parar desiste)…</translation>
    </message>
    <message>
        <source>reconnected to {host}; the interrupted block stays partial; restarting the workers</source>
        <translation>reconectado a {host}; o bloco interrompido fica parcial; reiniciando os workers</translation>
    </message>
    <message>
        <source>could not reconnect to {name} within {reconnect_timeout_s:g} s: {last_error}</source>
        <translation>não foi possível reconectar a {name} em {reconnect_timeout_s:g} s: {last_error}</translation>
    </message>
    <message>
        <source>storing the block&apos;s {n} samples in the run file</source>
        <translation>gravando as {n} amostras do bloco no arquivo da execução</translation>
    </message>
    <message>
        <source>the driver sent nothing for {stall_s:g} s (it was stopped or hung) and was ended; the samples it sent before are kept</source>
        <translation>o driver não enviou nada por {stall_s:g} s (foi parado ou travou) e foi encerrado; as amostras que ele enviou antes foram mantidas</translation>
    </message>
    <message>
        <source>the driver failed (exit code {code}): {detail}</source>
        <extracomment>The error of a request answered later than the request timeout after its planned start (see :func:`fail_late`).</extracomment>
        <translation>o driver falhou (código de saída {code}): {detail}</translation>
    </message>
    <message>
        <source>implementation {impl} does not serve the operation {operation} (workload {workload}); its worker serves {served}</source>
        <extracomment>The most restarts of a private server in one run: one that keeps dying is not measured on.</extracomment>
        <translation>a implementação {impl} não atende a operação {operation} (carga de trabalho {workload}); seu worker atende {served}</translation>
    </message>
    <message>
        <source>the database cannot run on host {host}: {reason}</source>
        <translation>o banco de dados não pode rodar no host {host}: {reason}</translation>
    </message>
    <message>
        <source>the database&apos;s host {host} cannot be reached: {why}</source>
        <translation>o host {host} do banco de dados não pode ser alcançado: {why}</translation>
    </message>
    <message>
        <source>starting the database ({server}) on {host}</source>
        <translation>iniciando o banco de dados ({server}) em {host}</translation>
    </message>
    <message>
        <source>the database ({server} on {host}) failed: {why}; the samples so far are kept</source>
        <translation>o banco de dados ({server} em {host}) falhou: {why}; as amostras até aqui estão guardadas</translation>
    </message>
    <message>
        <source>the database ({server} on {host}) failed: {why}; {why_not_again}; the samples so far are kept</source>
        <translation>o banco de dados ({server} em {host}) falhou: {why}; {why_not_again}; as amostras até aqui estão guardadas</translation>
    </message>
    <message>
        <source>Bancada does not restart an external server</source>
        <translation>o Bancada não reinicia um servidor externo</translation>
    </message>
    <message>
        <source>it is not started again: it died {n} times in this run (a server that keeps dying is not measured on)</source>
        <translation>ele não é iniciado de novo: parou {n} vezes nesta execução (não se mede sobre um servidor que continua parando)</translation>
    </message>
    <message>
        <source>starting it again failed: {why}</source>
        <translation>iniciá-lo de novo falhou: {why}</translation>
    </message>
    <message>
        <source>exit code {code}</source>
        <translation>código de saída {code}</translation>
    </message>
    <message>
        <source>exit code not known</source>
        <translation>código de saída desconhecido</translation>
    </message>
    <message>
        <source>the {server} server on {host} died during block {block} ({code}); it was started again, seeded as at the run&apos;s start, and the run goes on; block {block}&apos;s requests after the death failed ({failed} failed samples)</source>
        <translation>o servidor {server} em {host} parou durante o bloco {block} ({code}); ele foi iniciado de novo, com os registros semeados como no início da execução, e a execução continua; as requisições do bloco {block} depois da parada falharam ({failed} amostras com falha)</translation>
    </message>
    <message>
        <source>; its port {old} was taken: it listens on port {new} now, and the workers that read its address were started again ({workers})</source>
        <translation>; a porta {old} dele estava ocupada: ele agora escuta na porta {new}, e os workers que leem o endereço dele foram iniciados de novo ({workers})</translation>
    </message>
    <message>
        <source>external PostgreSQL</source>
        <translation>PostgreSQL externo</translation>
    </message>
    <message>
        <source>private PostgreSQL</source>
        <translation>PostgreSQL privado</translation>
    </message>
    <message>
        <source>database ready: PostgreSQL {version} on {host}, {pets} pets and {people} people ({s} s)</source>
        <translation>banco de dados pronto: PostgreSQL {version} em {host}, {pets} pets e {people} pessoas ({s} s)</translation>
    </message>
    <message>
        <source>resetting the database before repetition {r} took {s} s</source>
        <translation>restaurar o banco de dados antes da repetição {r} levou {s} s</translation>
    </message>
    <message>
        <source>{label}, repetition {rep}: steady after {n} warm-up requests (CoV of the window medians {cov} %)</source>
        <translation>{label}, repetição {rep}: estável após {n} requisições de aquecimento (CV das medianas das janelas {cov} %)</translation>
    </message>
    <message>
        <source>the cap of warm-up requests</source>
        <translation>pelo limite de requisições de aquecimento</translation>
    </message>
    <message>
        <source>the cap of warm-up seconds</source>
        <translation>pelo limite de segundos de aquecimento</translation>
    </message>
    <message>
        <source>a stop</source>
        <translation>por uma parada</translation>
    </message>
    <message>
        <source>{label}, repetition {rep}: not steady after {n} warm-up requests, ended by {why} (CoV {cov})</source>
        <translation>{label}, repetição {rep}: não estável após {n} requisições de aquecimento, encerrado {why} (CV {cov})</translation>
    </message>
    <message>
        <source>{label}, repetition {rep}: not steady after {n} warm-up requests, ended by {why}: too few requests to judge steadiness</source>
        <translation>{label}, repetição {rep}: não estável após {n} requisições de aquecimento, encerrado {why}: poucas requisições para julgar a estabilidade</translation>
    </message>
</context>
<context>
    <name>SampleSizePage</name>
    <message>
        <source>Re&amp;quests per repetition:</source>
        <translation>Re&amp;quisições por repetição:</translation>
    </message>
</context>
<context>
    <name>ServerBox</name>
    <message>
        <source>e.g. my-server-rest</source>
        <extracomment>The server ids of the shipped example (profiles/my-service.toml), named in the reader&apos;s language in the form. The shipped example&apos;s study (its [experiment] name).</extracomment>
        <translation>por exemplo meu-servidor-rest</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>host:port, e.g. 127.0.0.1:8080</source>
        <translation>host:porta, por exemplo 127.0.0.1:8080</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Verificar</translation>
    </message>
    <message>
        <source>Connect to the server; for gRPC, list its methods</source>
        <translation>Conecta ao servidor; para gRPC, lista os métodos dele</translation>
    </message>
    <message>
        <source>.proto / protoset…</source>
        <translation>.proto / protoset…</translation>
    </message>
    <message>
        <source>Read the gRPC methods from a file, for a server without server reflection</source>
        <translation>Lê os métodos gRPC de um arquivo, para um servidor sem reflexão do servidor</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>gRPC methods from a file</source>
        <translation>Métodos gRPC de um arquivo</translation>
    </message>
    <message>
        <source>Protocol Buffers (*.proto *.protoset *.pb)</source>
        <translation>Protocol Buffers (*.proto *.protoset *.pb)</translation>
    </message>
    <message>
        <source>Checking {a}…</source>
        <translation>Verificando {a}…</translation>
    </message>
    <message>
        <source>Answers; {n} methods: {names}</source>
        <translation>Responde; {n} métodos: {names}</translation>
    </message>
    <message>
        <source>Answers: it accepts connections</source>
        <translation>Responde: aceita conexões</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Ação</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
</context>
<context>
    <name>SplitBars</name>
    <message>
        <source>client serialization</source>
        <extracomment>The parts, bottom to top (columns of the table), with their legend names.</extracomment>
        <translation>serialização no cliente</translation>
    </message>
    <message>
        <source>server deserialization</source>
        <translation>desserialização no servidor</translation>
    </message>
    <message>
        <source>server handling</source>
        <translation>tratamento no servidor</translation>
    </message>
    <message>
        <source>server serialization</source>
        <translation>serialização no servidor</translation>
    </message>
    <message>
        <source>transfer</source>
        <translation>transferência</translation>
    </message>
    <message>
        <source>client deserialization</source>
        <translation>desserialização no cliente</translation>
    </message>
</context>
<context>
    <name>SplitBarsView</name>
    <message>
        <source>Time split bars</source>
        <translation>Barras da divisão do tempo</translation>
    </message>
    <message>
        <source>{bar}: {total} ms, most in {a} ({ms_a} ms) and {b} ({ms_b} ms)</source>
        <translation>{bar}: {total} ms, a maior parte em {a} ({ms_a} ms) e {b} ({ms_b} ms)</translation>
    </message>
    <message>
        <source>Link {l}: </source>
        <translation>Enlace {l}: </translation>
    </message>
    <message>
        <source>Where the time of each request goes, per format, type and size (seed 004&apos;s split).</source>
        <translation>Para onde vai o tempo de cada requisição, por formato, tipo e tamanho (a divisão do estudo 004).</translation>
    </message>
    <message>
        <source>Shares (%)</source>
        <translation>Proporções (%)</translation>
    </message>
    <message>
        <source>Each part as a percentage of its bar, instead of milliseconds</source>
        <translation>Cada parte como porcentagem da sua barra, em vez de milissegundos</translation>
    </message>
    <message>
        <source>share of the request (%)</source>
        <translation>parcela da requisição (%)</translation>
    </message>
    <message>
        <source>time (ms)</source>
        <translation>tempo (ms)</translation>
    </message>
    <message>
        <source>link {l}</source>
        <translation>enlace {l}</translation>
    </message>
</context>
<context>
    <name>StatisticsView</name>
    <message>
        <source>The tables appear here about once a second while a run goes on.</source>
        <translation>As tabelas aparecem aqui cerca de uma vez por segundo durante a execução.</translation>
    </message>
    <message>
        <source>No statistics yet: {m}</source>
        <translation>Ainda não há estatísticas: {m}</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>provisional, the run goes on</source>
        <translation>provisório, a execução continua</translation>
    </message>
    <message>
        <source>; {k} complete repetitions analysed, repetition {p} is left out until it is complete</source>
        <translation>; {k} repetições completas analisadas, a repetição {p} fica de fora até estar completa</translation>
    </message>
    <message>
        <source>; {k} complete repetitions analysed, the partial repetition {p} is left out</source>
        <translation>; {k} repetições completas analisadas, a repetição parcial {p} fica de fora</translation>
    </message>
    <message>
        <source>&lt;b&gt;In short:&lt;/b&gt; {s}.&lt;br&gt;</source>
        <translation>&lt;b&gt;Em resumo:&lt;/b&gt; {s}.&lt;br&gt;</translation>
    </message>
    <message>
        <source>. Ranking: </source>
        <translation>. Classificação: </translation>
    </message>
    <message>
        <source>Response: latency in ms of the measured, successful requests; factors: {f}; {n} rows read; computed {t} ({st}). Hover a title for what it means.</source>
        <translation>Resposta: latência em ms das requisições medidas e bem-sucedidas; fatores: {f}; {n} linhas lidas; calculado às {t} ({st}). Passe o mouse sobre um título para ver o que ele significa.</translation>
    </message>
    <message>
        <source>&lt;br&gt;The run is long: while it goes on, the tables read 1 in every {k} of its {n} samples as stored, so their memory stays bounded; when it ends they read every sample, and siege&apos;s, ab&apos;s and k6&apos;s tables, which count every request, appear then.</source>
        <translation>&lt;br&gt;A execução é longa: enquanto ela continua, as tabelas leem 1 de cada {k} das suas {n} amostras, na ordem em que foram gravadas, para que a memória delas fique limitada; quando ela termina, leem todas as amostras, e as tabelas do siege, do ab e do k6, que contam cada requisição, aparecem então.</translation>
    </message>
</context>
<context>
    <name>StatsHelp</name>
    <message>
        <source>Per treatment: the number of measured requests n, mean, standard deviation, median with its confidence interval, quartiles Q1 and Q3, minimum, maximum and interquartile range, in ms.</source>
        <extracomment>A short explanation of each table, for the languages docs/statistics.md is not written in (the English tooltip is the docs&apos; paragraph; a translation of these replaces it).</extracomment>
        <translation>Por tratamento: o número de requisições medidas n, média, desvio padrão, mediana com seu intervalo de confiança, quartis Q1 e Q3, mínimo, máximo e intervalo interquartil, em ms.</translation>
    </message>
    <message>
        <source>Shapiro-Wilk test of each treatment&apos;s latencies: p &lt; 0.05 says they are not normal, so the rank tests (Wilcoxon, Kruskal-Wallis) fit better than the t test and ANOVA.</source>
        <translation>Teste de Shapiro-Wilk das latências de cada tratamento: p &lt; 0,05 indica que não são normais; por isso os testes de postos (Wilcoxon, Kruskal-Wallis) são mais adequados que o teste t e a ANOVA.</translation>
    </message>
    <message>
        <source>Wilcoxon rank-sum test of every pair of treatments (as R&apos;s wilcox.test), p adjusted by Holm for the many pairs; Cliff&apos;s δ and P(A &gt; B) say how large the difference is.</source>
        <translation>Teste de Wilcoxon da soma de postos para cada par de tratamentos (como o wilcox.test do R), com p ajustado por Holm para os vários pares; o δ de Cliff e P(A &gt; B) dizem o tamanho da diferença.</translation>
    </message>
    <message>
        <source>Kruskal-Wallis test per factor and of all treatments together (as R&apos;s kruskal.test): does at least one level differ?</source>
        <translation>Teste de Kruskal-Wallis por fator e de todos os tratamentos juntos (como o kruskal.test do R): pelo menos um nível difere?</translation>
    </message>
    <message>
        <source>Dunn&apos;s post-hoc test after Kruskal-Wallis: which pairs of treatments differ, p adjusted by Holm.</source>
        <translation>Teste post-hoc de Dunn após o Kruskal-Wallis: quais pares de tratamentos diferem, com p ajustado por Holm.</translation>
    </message>
    <message>
        <source>The treatments from the fastest to the slowest by their median latency.</source>
        <translation>Os tratamentos do mais rápido ao mais lento pela mediana da latência.</translation>
    </message>
    <message>
        <source>2^k r factorial design (Jain, ch. 17-18): the share of the latency&apos;s variation explained by each factor, by their interaction and by experimental error.</source>
        <translation>Projeto fatorial 2^k r (Jain, cap. 17-18): a parcela da variação da latência explicada por cada fator, pela interação entre eles e pelo erro experimental.</translation>
    </message>
    <message>
        <source>The effects q of the factorial model with their confidence intervals; an interval that excludes 0 is a significant effect.</source>
        <translation>Os efeitos q do modelo fatorial com seus intervalos de confiança; um intervalo que não contém 0 indica um efeito significativo.</translation>
    </message>
    <message>
        <source>Requests per treatment needed for a mean within ±r % at the given confidence, n = (100·z·s / (r·x̄))² (Jain, ch. 13), from the samples so far.</source>
        <translation>Requisições por tratamento necessárias para uma média dentro de ±r % com a confiança dada, n = (100·z·s / (r·x̄))² (Jain, cap. 13), a partir das amostras obtidas até agora.</translation>
    </message>
    <message>
        <source>Seed 004&apos;s table 5.1-5.3: the mean size of the request body per format (rows) and type (columns), for each array size; it depends on the format and the data only.</source>
        <translation>Tabelas 5.1-5.3 do estudo 004: o tamanho médio do corpo da requisição por formato (linhas) e tipo (colunas), para cada tamanho de vetor; depende só do formato e dos dados.</translation>
    </message>
    <message>
        <source>Seed 004&apos;s table 5.4: the client&apos;s encoding plus the worker&apos;s decoding of the request, mean in ms, per format and type, for each array size.</source>
        <translation>Tabela 5.4 do estudo 004: a codificação no cliente mais a decodificação da requisição no worker, média em ms, por formato e tipo, para cada tamanho de vetor.</translation>
    </message>
    <message>
        <source>Seed 004&apos;s tables 5.5-5.6: encoding + latency + decoding of the answer on the client, mean in ms, per link, array size, format and type.</source>
        <translation>Tabelas 5.5-5.6 do estudo 004: codificação + latência + decodificação da resposta no cliente, média em ms, por enlace, tamanho de vetor, formato e tipo.</translation>
    </message>
    <message>
        <source>Where each request&apos;s time goes, mean in ms: client serialization, server deserialization, handling and serialization, transfer (latency minus the server&apos;s time) and client deserialization. The Time split tab draws it as stacked bars.</source>
        <translation>Para onde vai o tempo de cada requisição, média em ms: serialização no cliente, desserialização, tratamento e serialização no servidor, transferência (latência menos o tempo do servidor) e desserialização no cliente. A aba Divisão do tempo desenha isso em barras empilhadas.</translation>
    </message>
    <message>
        <source>The same test with each repetition counted once (its median): requests of one block are not independent, so the test over requests finds differences that are not there; trust this one when the two disagree, if it can decide: with few repetitions its smallest possible p stays above alpha (with Holm over the 6 pairs of a 2 × 2 design, below 5 repetitions), and the line under the table then says how many it needs.</source>
        <translation>O mesmo teste com cada repetição contada uma vez (a sua mediana): as requisições de um bloco não são independentes, então o teste sobre as requisições encontra diferenças que não existem; confie neste quando os dois discordarem, se ele puder decidir: com poucas repetições, seu menor p possível fica acima de alfa (com Holm sobre os 6 pares de um projeto 2 × 2, abaixo de 5 repetições), e a linha sob a tabela diz então quantas ele precisa.</translation>
    </message>
</context>
<context>
    <name>StatsTable</name>
    <message>
        <source>Summary</source>
        <translation>Resumo</translation>
    </message>
    <message>
        <source>Normality (Shapiro-Wilk)</source>
        <translation>Normalidade (Shapiro-Wilk)</translation>
    </message>
    <message>
        <source>Wilcoxon rank-sum test</source>
        <translation>Teste de Wilcoxon (soma de postos)</translation>
    </message>
    <message>
        <source>Wilcoxon rank-sum test, repetition medians</source>
        <translation>Teste de Wilcoxon (soma de postos), medianas das repetições</translation>
    </message>
    <message>
        <source>Kruskal-Wallis test</source>
        <translation>Teste de Kruskal-Wallis</translation>
    </message>
    <message>
        <source>Dunn post-hoc test</source>
        <translation>Teste post-hoc de Dunn</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Classificação</translation>
    </message>
    <message>
        <source>Factorial allocation of variation</source>
        <translation>Alocação de variação fatorial</translation>
    </message>
    <message>
        <source>Factorial effects</source>
        <translation>Efeitos fatoriais</translation>
    </message>
    <message>
        <source>Sample size</source>
        <translation>Tamanho da amostra</translation>
    </message>
    <message>
        <source>Serialized size (bytes)</source>
        <extracomment>The tables&apos; titles (their names in bancada.analysis.words.tables) as the window shows them, in :data:`TABLE_ORDER`: each statistic&apos;s own (:mod:`bancada.analysis.words.statistic`), then seed 004&apos;s.</extracomment>
        <translation>Tamanho serializado (bytes)</translation>
    </message>
    <message>
        <source>Serialization + deserialization (ms)</source>
        <translation>Serialização + desserialização (ms)</translation>
    </message>
    <message>
        <source>Total per link (ms)</source>
        <translation>Total por enlace (ms)</translation>
    </message>
    <message>
        <source>Time split (ms)</source>
        <translation>Divisão do tempo (ms)</translation>
    </message>
    <message>
        <source>Payload</source>
        <extracomment>raw column name -&gt; label (translated in the ``StatsTable`` context).</extracomment>
        <translation>Payload</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>Elementos</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Enlace</translation>
    </message>
    <message>
        <source>Treatment</source>
        <translation>Tratamento</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Mean (ms)</source>
        <translation>Média (ms)</translation>
    </message>
    <message>
        <source>Std. deviation (ms)</source>
        <translation>Desvio padrão (ms)</translation>
    </message>
    <message>
        <source>Median (ms)</source>
        <translation>Mediana (ms)</translation>
    </message>
    <message>
        <source>Q1 (ms)</source>
        <translation>Q1 (ms)</translation>
    </message>
    <message>
        <source>Q3 (ms)</source>
        <translation>Q3 (ms)</translation>
    </message>
    <message>
        <source>Min (ms)</source>
        <translation>Mín. (ms)</translation>
    </message>
    <message>
        <source>Max (ms)</source>
        <translation>Máx. (ms)</translation>
    </message>
    <message>
        <source>IQR (ms)</source>
        <translation>IIQ (ms)</translation>
    </message>
    <message>
        <source>Median CI, low (ms)</source>
        <translation>IC da mediana, inferior (ms)</translation>
    </message>
    <message>
        <source>Median CI, high (ms)</source>
        <translation>IC da mediana, superior (ms)</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Samples tested</source>
        <translation>Amostras testadas</translation>
    </message>
    <message>
        <source>Subsample</source>
        <translation>Subamostra</translation>
    </message>
    <message>
        <source>Treatment A</source>
        <translation>Tratamento A</translation>
    </message>
    <message>
        <source>Treatment B</source>
        <translation>Tratamento B</translation>
    </message>
    <message>
        <source>Repetitions of A</source>
        <translation>Repetições de A</translation>
    </message>
    <message>
        <source>Repetitions of B</source>
        <translation>Repetições de B</translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation>p (Holm)</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
    <message>
        <source>Cliff&apos;s δ</source>
        <translation>δ de Cliff</translation>
    </message>
    <message>
        <source>P(A &gt; B)</source>
        <translation>P(A &gt; B)</translation>
    </message>
    <message>
        <source>Effect size</source>
        <translation>Tamanho do efeito</translation>
    </message>
    <message>
        <source>Factor</source>
        <translation>Fator</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>Degrees of freedom</source>
        <translation>Graus de liberdade</translation>
    </message>
    <message>
        <source>z</source>
        <translation>z</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posição</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>Termo</translation>
    </message>
    <message>
        <source>Effect q (ms)</source>
        <translation>Efeito q (ms)</translation>
    </message>
    <message>
        <source>CI, low (ms)</source>
        <translation>IC, inferior (ms)</translation>
    </message>
    <message>
        <source>CI, high (ms)</source>
        <translation>IC, superior (ms)</translation>
    </message>
    <message>
        <source>Sum of squares</source>
        <translation>Soma dos quadrados</translation>
    </message>
    <message>
        <source>Variation explained</source>
        <translation>Variação explicada</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
    <message>
        <source>n required</source>
        <translation>n necessário</translation>
    </message>
    <message>
        <source>Error (±%)</source>
        <translation>Erro (±%)</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confiança</translation>
    </message>
    <message>
        <source>negligible</source>
        <extracomment>cell words the tables use -&gt; translated (``magnitude``, ``method``, booleans).</extracomment>
        <translation>desprezível</translation>
    </message>
    <message>
        <source>small</source>
        <translation>pequeno</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>médio</translation>
    </message>
    <message>
        <source>large</source>
        <translation>grande</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>exato</translation>
    </message>
    <message>
        <source>asymptotic</source>
        <translation>assintótico</translation>
    </message>
    <message>
        <source>normal approximation</source>
        <translation>aproximação normal</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erro</translation>
    </message>
    <message>
        <source>(not computed)</source>
        <translation>(não calculado)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <source>no</source>
        <translation>não</translation>
    </message>
    <message>
        <source>I (overall mean)</source>
        <extracomment>the rows of the factorial tables that are not factors: the mean and the sums of squares (Jain ch. 18).</extracomment>
        <translation>I (média geral)</translation>
    </message>
    <message>
        <source>SSY (sum of the squared responses)</source>
        <translation>SSY (soma dos quadrados das respostas)</translation>
    </message>
    <message>
        <source>SS0 (due to the overall mean)</source>
        <translation>SS0 (devida à média geral)</translation>
    </message>
    <message>
        <source>SST (total variation, SSY − SS0)</source>
        <translation>SST (variação total, SSY − SS0)</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <extracomment>&quot;Copy as&quot; formats of every table view: (format of bancada.analysis.words.table_export, menu text).</extracomment>
        <translation>Copiar como Markdown</translation>
    </message>
    <message>
        <source>Copy as LaTeX (booktabs)</source>
        <translation>Copiar como LaTeX (booktabs)</translation>
    </message>
    <message>
        <source>Copy as CSV</source>
        <translation>Copiar como CSV</translation>
    </message>
    <message>
        <source>full factorial</source>
        <translation>fatorial completo</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>média</translation>
    </message>
    <message>
        <source>median</source>
        <translation>mediana</translation>
    </message>
    <message>
        <source>2^k r design (k factors at two levels, r replications)</source>
        <translation>projeto 2^k r (k fatores com dois níveis, r replicações)</translation>
    </message>
    <message>
        <source>{design}, r = {r}, aggregate {aggregate}, transform {transform}, confidence {confidence}</source>
        <translation>{design}, r = {r}, agregação {aggregate}, transformação {transform}, confiança {confidence}</translation>
    </message>
    <message>
        <source>no repetition column: each request is a replication</source>
        <translation>sem coluna de repetição: cada requisição é uma replicação</translation>
    </message>
    <message>
        <source>r = 1: without replications there is no error term and no confidence intervals (Jain ch. 17)</source>
        <translation>r = 1: sem replicações não há termo de erro nem intervalos de confiança (Jain, cap. 17)</translation>
    </message>
    <message>
        <source>unbalanced design trimmed to r = {r}; short cells: {detail}</source>
        <translation>projeto desbalanceado reduzido a r = {r}; células com menos replicações: {detail}</translation>
    </message>
    <message>
        <source>aggregate none: each request is a replication, though the requests of one repetition are not independent (the effects&apos; intervals are too narrow)</source>
        <translation>sem agregação: cada requisição é uma replicação, embora as requisições de uma repetição não sejam independentes (os intervalos dos efeitos ficam estreitos demais)</translation>
    </message>
    <message>
        <source>n required, median</source>
        <translation>n necessário, mediana</translation>
    </message>
</context>
<context>
    <name>StatusWords</name>
    <message>
        <source>complete</source>
        <translation>concluída</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>incompleta</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <source>running</source>
        <translation>em andamento</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>interrompida</translation>
    </message>
    <message>
        <source>stopped before the end</source>
        <translation>interrompida antes do fim</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
</context>
<context>
    <name>Story</name>
    <message>
        <source>A large Cliff&apos;s δ ({d}) beside an experimental error of {err}: δ counts how often one treatment&apos;s requests are slower than the other&apos;s, the shares weigh squared distances from the mean, and a few slow requests make the error large without changing who tends to be faster.</source>
        <translation>Um δ de Cliff grande ({d}) ao lado de um erro experimental de {err}: o δ conta com que frequência as requisições de um tratamento são mais lentas que as do outro, as parcelas pesam distâncias ao quadrado até a média, e poucas requisições lentas tornam o erro grande sem mudar quem tende a ser mais rápido.</translation>
    </message>
    <message>
        <source>By median, from the fastest: {items}.</source>
        <extracomment>A factor&apos;s share of the variation (its own plus its interactions&apos;, %) from which the story calls it large enough to be reconciled with a null pooled rank test. The most contexts (levels of the other factors) a factor&apos;s sentence lists.</extracomment>
        <translation>Pela mediana, do mais rápido: {items}.</translation>
    </message>
    <message>
        <source>Established by both the request-level and the repetition-level test: {pairs}.</source>
        <translation>Estabelecidas pelos dois testes, o por requisição e o por repetição: {pairs}.</translation>
    </message>
    <message>
        <source>For each median within ±{e}, up to {n} requests per treatment are needed ({t}, order-statistic interval); this run has {have}.</source>
        <translation>Para cada mediana com erro de ±{e}, são necessárias até {n} requisições por tratamento ({t}, intervalo das estatísticas de ordem); esta execução tem {have}.</translation>
    </message>
    <message>
        <source>In short</source>
        <translation>Em resumo</translation>
    </message>
    <message>
        <source>Not told apart by the request-level test: {pairs}.</source>
        <translation>Não distinguidos pelo teste por requisição: {pairs}.</translation>
    </message>
    <message>
        <source>Resting on the requests only: {pairs}; the repetition-level test, which could have found them, does not, so they may be the conditions of single repetitions rather than differences between the treatments.</source>
        <translation>Apoiadas só nas requisições: {pairs}; o teste por repetição, que poderia encontrá-las, não as encontra, então podem ser as condições de repetições isoladas, e não diferenças entre os tratamentos.</translation>
    </message>
    <message>
        <source>Unit of replication: each request. The data have no repetitions, so nothing here tells the requests&apos; shared conditions from the treatments&apos; differences; run two or more repetitions.</source>
        <translation>Unidade de replicação: cada requisição. Os dados não têm repetições, então nada aqui separa as condições compartilhadas pelas requisições das diferenças entre os tratamentos; execute duas ou mais repetições.</translation>
    </message>
    <message>
        <source>Unit of replication: the repetition (r = {r} per treatment). The factorial design takes each repetition&apos;s {stat} as one replication (Jain 1991, ch. 18) and the repetition-level rank test its median; the request-level tests count every request, although the requests of one repetition share its conditions and are not independent, so they find more differences than there are.</source>
        <translation>Unidade de replicação: a repetição (r = {r} por tratamento). O projeto fatorial toma a {stat} de cada repetição como uma replicação (Jain 1991, cap. 18) e o teste de postos por repetição, a sua mediana; os testes por requisição contam cada requisição, embora as requisições de uma repetição compartilhem as condições dela e não sejam independentes, então encontram mais diferenças do que existem.</translation>
    </message>
    <message>
        <source>Unit of replication: the request, as asked (aggregate none, r = {r} in the factorial design). The requests of one repetition share its conditions and are not independent, so the factorial&apos;s intervals and the request-level tests are too confident; the repetition-level rank test counts each repetition once.</source>
        <translation>Unidade de replicação: a requisição, como pedido (sem agregação, r = {r} no projeto fatorial). As requisições de uma repetição compartilham as condições dela e não são independentes, então os intervalos do fatorial e os testes por requisição são confiantes demais; o teste de postos por repetição conta cada repetição uma vez.</translation>
    </message>
    <message>
        <source>Without repetitions only the request-level test speaks, and it counts every request as independent: {pairs}.</source>
        <translation>Sem repetições, só o teste por requisição fala, e ele conta cada requisição como independente: {pairs}.</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>média</translation>
    </message>
    <message>
        <source>median</source>
        <translation>mediana</translation>
    </message>
    <message>
        <source>with {ctx}, {lv} is faster ({m} vs {others})</source>
        <translation>com {ctx}, {lv} é mais rápido ({m} contra {others})</translation>
    </message>
    <message>
        <source>{f} matters, but in opposite directions: {cells}.</source>
        <translation>{f} importa, mas em sentidos opostos: {cells}.</translation>
    </message>
    <message>
        <source>{f}: {cells}.</source>
        <translation>{f}: {cells}.</translation>
    </message>
    <message>
        <source>{slow} takes {ratio} the time of {fast}.</source>
        <translation>{slow} leva {ratio} o tempo de {fast}.</translation>
    </message>
    <message>
        <source>{x} faster than {y}</source>
        <translation>{x} mais rápido que {y}</translation>
    </message>
    <message>
        <source>Resting on the requests only: {pairs}. With r = {r} repetitions and {kp} the repetition-level test cannot decide (its smallest possible Holm p is {pmin}, above α = {a}), so these differences are neither confirmed nor refuted by the repetitions.</source>
        <translation>Apoiadas só nas requisições: {pairs}. Com r = {r} repetições e {kp}, o teste por repetição não pode decidir (seu menor p de Holm possível é {pmin}, acima de α = {a}), então as repetições nem confirmam nem refutam essas diferenças.</translation>
    </message>
    <message>
        <source>To decide with the test that counts each repetition once, run r = {need} repetitions per treatment (r = {r} allows at best Holm p = {pmin} over {kp}); more requests per repetition do not change that bound.</source>
        <translation>Para decidir com o teste que conta cada repetição uma vez, execute r = {need} repetições por tratamento (r = {r} permite no máximo Holm p = {pmin} em {kp}); mais requisições por repetição não mudam esse limite.</translation>
    </message>
    <message>
        <source>Kruskal-Wallis pooled over the other factors sees no clear effect ({p}), yet the factorial gives {f} {own} and its interactions {inter} of the variation: the means weigh the slow requests that the ranks count once each.</source>
        <translation>O Kruskal-Wallis, juntando os outros fatores, não vê efeito claro ({p}), mas o fatorial dá ao fator {f} {own} e às suas interações {inter} da variação: as médias pesam as requisições lentas que os postos contam uma vez cada.</translation>
    </message>
    <message>
        <source>Pooled over the other factors, Kruskal-Wallis finds an effect ({p}), an average of opposite effects; read the cells, not the pooled verdict.</source>
        <translation>Juntando os outros fatores, o Kruskal-Wallis encontra um efeito ({p}), uma média de efeitos opostos; leia as células, não o veredito conjunto.</translation>
    </message>
    <message>
        <source>Pooled over the other factors, the ranks cancel and Kruskal-Wallis sees no clear effect ({p}), while the factorial, on means, gives {f} {own} and its interaction {inter} of the variation: both are right about their own model, and the effect reverses.</source>
        <translation>Juntando os outros fatores, os postos se anulam e o Kruskal-Wallis não vê efeito claro ({p}), enquanto o fatorial, sobre médias, dá ao fator {f} {own} e à sua interação {inter} da variação: os dois estão certos quanto ao próprio modelo, e o efeito se inverte.</translation>
    </message>
</context>
<context>
    <name>Studies</name>
    <message>
        <source>The paper&apos;s own servers (gin in Go, Spring Boot in Java) as its client used them: a new connection and a one-second pause for every request, a small and a large list of numbers, about a minute. It shows why Bancada&apos;s ranking of this study differs from the paper&apos;s.</source>
        <translation>Os próprios servidores do artigo (gin em Go, Spring Boot em Java) como o cliente dele os usava: uma conexão nova e uma pausa de um segundo a cada requisição, uma lista pequena e uma grande de números, cerca de um minuto. Mostra por que a ordem que o Bancada dá a este estudo difere da do artigo.</translation>
    </message>
    <message>
        <source>The same with the paper&apos;s design: 77 s of requests a second per block and 5 repetitions, about half an hour. It measures how much decoding the large list costs the paper&apos;s gin and Spring Boot servers.</source>
        <translation>O mesmo com o desenho do artigo: 77 s de uma requisição por segundo por bloco e 5 repetições, cerca de meia hora. Mede quanto custa decodificar a lista grande aos servidores gin e Spring Boot do artigo.</translation>
    </message>
    <message>
        <source>Go x Java REST as the paper ran it, in class: gin and Spring Boot (about 1 minute)</source>
        <translation>Go x Java REST como o artigo executou, em aula: gin e Spring Boot (cerca de 1 minuto)</translation>
    </message>
    <message>
        <source>Go x Java REST as the paper ran it: gin and Spring Boot (Soares, UFLA 2024)</source>
        <translation>Go x Java REST como o artigo executou: gin e Spring Boot (Soares, UFLA 2024)</translation>
    </message>
    <message>
        <source>Go and Java servers answer the same request over gRPC and over REST: four treatments, small samples, a few seconds on this computer. It shows the whole method quickly: which language and which protocol answer faster, and by how much.</source>
        <extracomment>Cards first, in this order; other profiles follow by name.</extracomment>
        <translation>Servidores em Go e em Java respondem à mesma requisição via gRPC e via REST: quatro tratamentos, amostras pequenas, alguns segundos neste computador. Mostra o método inteiro rapidamente: qual linguagem e qual protocolo respondem mais rápido, e por quanto.</translation>
    </message>
    <message>
        <source>The study this design comes from (Soares, UFLA 2024): Go and Java, gRPC and REST, a small and a large list of numbers, 77 requests in 5 repetitions. It asks whether the choice of protocol matters more than the choice of language when services talk to each other.</source>
        <translation>O estudo de onde vem este projeto (Soares, UFLA 2024): Go e Java, gRPC e REST, uma lista pequena e uma grande de números, 77 requisições em 5 repetições. Pergunta se a escolha do protocolo pesa mais que a escolha da linguagem quando serviços conversam entre si.</translation>
    </message>
    <message>
        <source>The Go servers behind an emulated distant network (40 ms round trip). Compared with the quick demo, it shows how much of the response time is the network rather than the server.</source>
        <translation>Os servidores em Go atrás de uma rede distante emulada (40 ms de ida e volta). Comparado com a demonstração rápida, mostra quanto do tempo de resposta é a rede, e não o servidor.</translation>
    </message>
    <message>
        <source>REST servers in several languages under 100 clients at once for two minutes. It compares how many requests each language serves per second and how long the clients wait.</source>
        <translation>Servidores REST em várias linguagens com 100 clientes ao mesmo tempo durante dois minutos. Compara quantas requisições cada linguagem atende por segundo e quanto tempo os clientes esperam.</translation>
    </message>
    <message>
        <source>A server you wrote, which Bancada measures but does not start: compare your REST and gRPC interfaces with the same method as the studies above.</source>
        <translation>Um servidor que você escreveu, que o Bancada mede mas não inicia: compare suas interfaces REST e gRPC com o mesmo método dos estudos acima.</translation>
    </message>
    <message>
        <source>Python over gRPC and over JSON-RPC on six small methods, 20 calls each, as a 2023 class exercise did. It shows what one protocol&apos;s framing costs against the other&apos;s, and why 20 calls are too few to be sure.</source>
        <translation>Python via gRPC e via JSON-RPC em seis métodos pequenos, 20 chamadas cada, como fez um exercício de aula de 2023. Mostra quanto custa o envelope de um protocolo frente ao do outro, e por que 20 chamadas são poucas para ter certeza.</translation>
    </message>
    <message>
        <source>The same six methods of Python gRPC and JSON-RPC with enough repetitions and growing payloads (longer strings, larger matrices): where the difference between the protocols grows and where it disappears.</source>
        <translation>Os mesmos seis métodos de Python com gRPC e JSON-RPC, com repetições suficientes e cargas crescentes (textos mais longos, matrizes maiores): onde a diferença entre os protocolos cresce e onde desaparece.</translation>
    </message>
    <message>
        <source>A small JSON answer in seven languages on their usual servers (a study of 2015), under 100 clients for two minutes, with the tables siege prints. It compares how many requests each one serves per second.</source>
        <translation>Uma pequena resposta JSON em sete linguagens, nos seus servidores usuais (um estudo de 2015), sob 100 clientes por dois minutos, com as tabelas que o siege imprime. Compara quantas requisições cada uma atende por segundo.</translation>
    </message>
    <message>
        <source>The seven-language REST study in a few minutes: 100 clients for 5 seconds per server, with the tables siege and ab print.</source>
        <translation>O estudo REST em sete linguagens em poucos minutos: 100 clientes por 5 segundos em cada servidor, com as tabelas que o siege e o ab imprimem.</translation>
    </message>
    <message>
        <source>JSON, Protocol Buffers, Avro and MessagePack in Go on arrays of 10 to 100,000 elements, near and far (a study of 2020): how much time goes to encoding, to the network and to decoding. The whole design takes more than an hour.</source>
        <translation>JSON, Protocol Buffers, Avro e MessagePack em Go, com vetores de 10 a 100.000 elementos, perto e longe (um estudo de 2020): quanto tempo vai para a codificação, para a rede e para a decodificação. O projeto completo leva mais de uma hora.</translation>
    </message>
    <message>
        <source>Four data formats, near and far, in a few minutes: the bars split each request into encoding, network and decoding, and the tables say whether the format or the link explains the time.</source>
        <translation>Quatro formatos de dados, perto e longe, em poucos minutos: as barras dividem cada requisição em codificação, rede e decodificação, e as tabelas dizem se o formato ou o enlace explica o tempo.</translation>
    </message>
    <message>
        <source>Quick demo: Go x Java, gRPC x REST</source>
        <translation>Demonstração rápida: Go x Java, gRPC x REST</translation>
    </message>
    <message>
        <source>Go x Java and gRPC x REST (Soares, UFLA 2024)</source>
        <translation>Go x Java e gRPC x REST (Soares, UFLA 2024)</translation>
    </message>
    <message>
        <source>Go over gRPC and REST behind an emulated far link (40 ms round trip)</source>
        <translation>Go via gRPC e REST atrás de um enlace distante emulado (40 ms de ida e volta)</translation>
    </message>
    <message>
        <source>My own service, over REST and gRPC</source>
        <translation>Meu próprio serviço, via REST e gRPC</translation>
    </message>
    <message>
        <source>REST JSON in seven languages (2015): GET /json, siege -c100 -t120s</source>
        <translation>REST JSON em sete linguagens (2015): GET /json, siege -c100 -t120s</translation>
    </message>
    <message>
        <source>REST JSON in seven languages, classroom: GET /json, 100 clients x 5 s</source>
        <translation>REST JSON em sete linguagens, para a aula: GET /json, 100 clientes x 5 s</translation>
    </message>
    <message>
        <source>REST JSON under load: 100 concurrent clients x 120 s (siege-style)</source>
        <translation>REST JSON sob carga: 100 clientes simultâneos x 120 s (no estilo do siege)</translation>
    </message>
    <message>
        <source>Python gRPC x JSON-RPC, six methods, sized (r = 5, n = 100, payload sweeps)</source>
        <translation>Python gRPC x JSON-RPC, seis métodos, dimensionado (r = 5, n = 100, varredura de cargas)</translation>
    </message>
    <message>
        <source>Python gRPC x JSON-RPC, six methods, 20 calls each (USP RPC exercise, 2023)</source>
        <translation>Python gRPC x JSON-RPC, seis métodos, 20 chamadas cada (exercício de RPC da USP, 2023)</translation>
    </message>
    <message>
        <source>JSON, Protobuf, Avro and MessagePack in Go, same region and cross region (2020)</source>
        <translation>JSON, Protobuf, Avro e MessagePack em Go, mesma região e entre regiões (2020)</translation>
    </message>
    <message>
        <source>Four data formats in class: JSON, Protobuf, Avro and MessagePack, near and far (a few minutes)</source>
        <translation>Quatro formatos de dados em aula: JSON, Protobuf, Avro e MessagePack, perto e longe (poucos minutos)</translation>
    </message>
    <message>
        <source>A profile of your own: the experiment it describes, step by step.</source>
        <translation>Um perfil seu: o experimento que ele descreve, passo a passo.</translation>
    </message>
    <message>
        <source>My own experiment</source>
        <translation>Meu próprio experimento</translation>
    </message>
    <message>
        <source>The experiment the panel shows now (open a profile with File &gt; Open profile, or set the panel by hand): choose the implementations and payloads in the next steps.</source>
        <translation>O experimento que o painel mostra agora (abra um perfil em Arquivo &gt; Abrir perfil, ou ajuste o painel à mão): escolha as implementações e os payloads nos próximos passos.</translation>
    </message>
    <message>
        <source>Services under a steady load of 10 requests per second for a minute, with lists of 10, 100 and 1000 records and no database. It shows how the response time behaves when requests keep arriving, not one after another, and what the protocol costs without the database.</source>
        <translation>Serviços sob uma carga constante de 10 requisições por segundo durante um minuto, com listas de 10, 100 e 1000 registros e sem banco de dados. Mostra como o tempo de resposta se comporta quando as requisições continuam chegando, e não uma depois da outra, e quanto o protocolo custa sem o banco de dados.</translation>
    </message>
    <message>
        <source>Go, Node.js and Python services over REST, gRPC and GraphQL (a study of 2024): nine implementations list and create pets and people in PostgreSQL through their language&apos;s ORM, under 10 virtual users at one request per second, as k6 ran them. It asks whether the language or the protocol weighs more in a microservice&apos;s response time. More than an hour.</source>
        <translation>Serviços em Go, Node.js e Python via REST, gRPC e GraphQL (um estudo de 2024): nove implementações listam e criam animais de estimação e pessoas no PostgreSQL pelo ORM da sua linguagem, sob 10 usuários virtuais a uma requisição por segundo, como o k6 os executou. Pergunta se a linguagem ou o protocolo pesa mais no tempo de resposta de um microsserviço. Mais de uma hora.</translation>
    </message>
    <message>
        <source>The 2024 microservices study in about four minutes: the nine services list 100 people and create one through PostgreSQL, 10 virtual users for 10 seconds each, with the table k6 prints at the end.</source>
        <translation>O estudo de microsserviços de 2024 em cerca de quatro minutos: os nove serviços listam 100 pessoas e criam uma pelo PostgreSQL, 10 usuários virtuais por 10 segundos cada, com a tabela que o k6 imprime ao final.</translation>
    </message>
    <message>
        <source>Microservices: Go, Node.js, Python x REST, gRPC, GraphQL on PostgreSQL (2024)</source>
        <translation>Microsserviços: Go, Node.js, Python x REST, gRPC, GraphQL no PostgreSQL (2024)</translation>
    </message>
    <message>
        <source>Microservices in class: Go, Node.js, Python x REST, gRPC, GraphQL on PostgreSQL (about 4 minutes)</source>
        <translation>Microsserviços em aula: Go, Node.js, Python x REST, gRPC, GraphQL no PostgreSQL (cerca de 4 minutos)</translation>
    </message>
    <message>
        <source>Microservices under k6-style load without a database: 10 req/s for 60 s, records of 10/100/1000</source>
        <translation>Microsserviços sob carga no estilo do k6 sem banco de dados: 10 req/s por 60 s, registros de 10/100/1000</translation>
    </message>
    <message>
        <source>Does the choice of protocol (gRPC or REST) matter more than the choice of language (Go or Java) for the response time of a service, and does it depend on the payload&apos;s size?</source>
        <translation>A escolha do protocolo (gRPC ou REST) pesa mais que a escolha da linguagem (Go ou Java) no tempo de resposta de um serviço, e isso depende do tamanho da carga?</translation>
    </message>
    <message>
        <source>Which data format (JSON, Protobuf, Avro, MessagePack) costs the least time to encode, send and decode, on a near and on a far link?</source>
        <translation>Qual formato de dados (JSON, Protobuf, Avro, MessagePack) gasta menos tempo para codificar, enviar e decodificar, num enlace próximo e num distante?</translation>
    </message>
    <message>
        <source>Which language&apos;s REST server serves the most requests per second, and how long do its clients wait?</source>
        <translation>O servidor REST de qual linguagem atende mais requisições por segundo, e quanto tempo seus clientes esperam?</translation>
    </message>
    <message>
        <source>Does the language or the protocol weigh more in the response time of a microservice?</source>
        <translation>A linguagem ou o protocolo pesa mais no tempo de resposta de um microsserviço?</translation>
    </message>
    <message>
        <source>Does gRPC answer the same Python methods faster than JSON-RPC, and does the difference grow with the payload?</source>
        <translation>O gRPC responde aos mesmos métodos em Python mais rápido que o JSON-RPC, e a diferença cresce com a carga?</translation>
    </message>
    <message>
        <source>Which answers faster, a Go or a Java server, over gRPC or over REST, and by how much?</source>
        <extracomment>The research question of each shipped study, by the profile&apos;s name (English; translated where shown).</extracomment>
        <translation>Quem responde mais rápido, um servidor Go ou Java, por gRPC ou por REST, e por quanto?</translation>
    </message>
    <message>
        <source>How much of the response time is the network rather than the server when the link is far?</source>
        <translation>Quanto do tempo de resposta é a rede, e não o servidor, quando o enlace é distante?</translation>
    </message>
    <message>
        <source>Do my service&apos;s REST and gRPC interfaces answer equally fast?</source>
        <translation>As interfaces REST e gRPC do meu serviço respondem igualmente rápido?</translation>
    </message>
</context>
<context>
    <name>TableSection</name>
    <message>
        <source>Right-click the table to copy it as Markdown, LaTeX or CSV.</source>
        <translation>Clique com o botão direito na tabela para copiá-la como Markdown, LaTeX ou CSV.</translation>
    </message>
</context>
<context>
    <name>Targets</name>
    <message>
        <source>workload {name}: {exc}</source>
        <translation>carga de trabalho {name}: {exc}</translation>
    </message>
    <message>
        <source>the native driver could not prepare the custom requests: {tail}</source>
        <translation>o driver nativo não conseguiu preparar as requisições personalizadas: {tail}</translation>
    </message>
</context>
<context>
    <name>Template</name>
    <message>
        <source>empty placeholder {where}; allowed: {v}</source>
        <extracomment>The functions of the template language and their arguments.</extracomment>
        <translation>marcador vazio {where}; permitidos: {v}</translation>
    </message>
    <message>
        <source>unknown function {name!r} in {where}; allowed: {v}</source>
        <translation>função desconhecida {name!r} em {where}; permitidas: {v}</translation>
    </message>
    <message>
        <source>{name} takes {wanted} numbers ({names}), got {args} in {where}</source>
        <translation>{name} recebe {wanted} números ({names}), recebeu {args} em {where}</translation>
    </message>
    <message>
        <source>{role} of {name} must be {kind}, got {arg!r} in {where}</source>
        <translation>{role} de {name} deve ser {kind}, recebido {arg!r} em {where}</translation>
    </message>
    <message>
        <source>COUNT of {name} must be in 0..{MAX_COUNT}, got {numbers:g} in {where}</source>
        <translation>COUNT de {name} deve estar em 0..{MAX_COUNT}, recebido {numbers:g} em {where}</translation>
    </message>
    <message>
        <source>LENGTH of strings must be in 1..4096, got {numbers:g} in {where}</source>
        <translation>LENGTH de strings deve estar em 1..4096, recebido {numbers:g} em {where}</translation>
    </message>
    <message>
        <source>MAX ({hi:g}) must be &gt;= MIN ({lo:g}) in {where}</source>
        <translation>MAX ({hi:g}) deve ser &gt;= MIN ({lo:g}) em {where}</translation>
    </message>
    <message>
        <source>&apos;{open}&apos; at character {at} is not closed by &apos;{close}&apos;; allowed: {v}</source>
        <translation>&apos;{open}&apos; no caractere {at} não é fechado por &apos;{close}&apos;; permitidos: {v}</translation>
    </message>
</context>
<context>
    <name>TidyCsv</name>
    <message>
        <source>{f} is empty: expected a tidy sample CSV (from bancada export)</source>
        <translation>{f} está vazio: esperava-se um CSV de amostras organizado (do bancada export)</translation>
    </message>
    <message>
        <source>{f} is not a CSV file: expected a tidy sample CSV (from bancada export)</source>
        <translation>{f} não é um arquivo CSV: esperava-se um CSV de amostras organizado (do bancada export)</translation>
    </message>
    <message>
        <source>{f} is not a Bancada tidy sample CSV: missing columns {cols} (expected the columns of {all})</source>
        <translation>{f} não é um CSV de amostras no formato organizado do Bancada: faltam as colunas {cols} (esperavam-se as colunas {all})</translation>
    </message>
    <message>
        <source>{f} cannot be read as a tidy sample CSV: a row does not fit its header</source>
        <translation>{f} não pode ser lido como CSV de amostras organizado: uma linha não corresponde ao cabeçalho</translation>
    </message>
    <message>
        <source>{f} has a header but no samples</source>
        <translation>{f} tem cabeçalho mas nenhuma amostra</translation>
    </message>
    <message>
        <source>{f}: column latency_s holds a text that is not a number of seconds</source>
        <translation>{f}: a coluna latency_s contém um texto que não é um número de segundos</translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>Export &amp;report (PDF and HTML)…</source>
        <translation>Exportar &amp;relatório (PDF e HTML)…</translation>
    </message>
    <message>
        <source>The run&apos;s report as a PDF to hand in, and the same as one HTML file beside it</source>
        <translation>O relatório da execução em PDF para entregar, e o mesmo em um arquivo HTML ao lado</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>&amp;Manual</translation>
    </message>
    <message>
        <source>The manual in the web browser, from this computer (no network)</source>
        <translation>O manual no navegador, a partir deste computador (sem rede)</translation>
    </message>
    <message>
        <source>The manual is not built in this copy: run “.venv/bin/mkdocs build” in {p}</source>
        <translation>O manual não foi gerado nesta cópia: execute “.venv/bin/mkdocs build” em {p}</translation>
    </message>
    <message>
        <source>The workbench window</source>
        <extracomment>The documents Help opens: (file under docs/ or the repository root, what it is about).</extracomment>
        <translation>A janela da bancada</translation>
    </message>
    <message>
        <source>The statistics and their sources</source>
        <translation>As estatísticas e suas fontes</translation>
    </message>
    <message>
        <source>Analysing a run or a CSV</source>
        <translation>Analisar uma execução ou um CSV</translation>
    </message>
    <message>
        <source>SSH target hosts</source>
        <translation>Hosts de destino via SSH</translation>
    </message>
    <message>
        <source>Bancada: setting up and using it</source>
        <translation>Bancada: instalação e uso</translation>
    </message>
    <message>
        <source>Open &amp;profile…</source>
        <translation>Abrir &amp;perfil…</translation>
    </message>
    <message>
        <source>&amp;Save profile as…</source>
        <translation>&amp;Salvar perfil como…</translation>
    </message>
    <message>
        <source>&amp;My own service…</source>
        <translation>&amp;Meu próprio serviço…</translation>
    </message>
    <message>
        <source>Declare your own servers and requests in a form</source>
        <translation>Declare seus próprios servidores e requisições em um formulário</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>&amp;Abrir execução…</translation>
    </message>
    <message>
        <source>Open a stored run and redraw everything</source>
        <translation>Abrir uma execução salva e redesenhar tudo</translation>
    </message>
    <message>
        <source>&amp;Export all…</source>
        <translation>&amp;Exportar tudo…</translation>
    </message>
    <message>
        <source>Export plot as PNG…</source>
        <translation>Exportar gráfico como PNG…</translation>
    </message>
    <message>
        <source>Export plot as SVG…</source>
        <translation>Exportar gráfico como SVG…</translation>
    </message>
    <message>
        <source>Export samples CSV…</source>
        <translation>Exportar CSV das amostras…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Sai&amp;r</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>E&amp;xecutar</translation>
    </message>
    <message>
        <source>Start the experiment</source>
        <translation>Iniciar o experimento</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <source>Pause after the current block</source>
        <translation>Pausar após o bloco atual</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>Pa&amp;rar</translation>
    </message>
    <message>
        <source>Stop; the run so far is kept</source>
        <translation>Parar; o que já foi medido é mantido</translation>
    </message>
    <message>
        <source>&amp;Log axis</source>
        <translation>Eixo &amp;logarítmico</translation>
    </message>
    <message>
        <source>Logarithmic latency axis</source>
        <translation>Eixo de latência logarítmico</translation>
    </message>
    <message>
        <source>Reset &amp;zoom</source>
        <translation>Restaurar &amp;zoom</translation>
    </message>
    <message>
        <source>Fit the plots to the data again after zooming with the wheel</source>
        <translation>Ajustar os gráficos aos dados de novo depois de usar o zoom com a roda do mouse</translation>
    </message>
    <message>
        <source>Classroom &amp;demo</source>
        <translation>&amp;Demonstração em sala</translation>
    </message>
    <message>
        <source>Go × Java, gRPC × REST on this computer, in classroom mode (about a minute)</source>
        <translation>Go × Java, gRPC × REST neste computador, no modo sala de aula (cerca de um minuto)</translation>
    </message>
    <message>
        <source>Live view</source>
        <translation>Visão ao vivo</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>Recent runs</source>
        <translation>Execuções recentes</translation>
    </message>
    <message>
        <source>S&amp;tudies</source>
        <translation>Es&amp;tudos</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <source>&amp;Classroom mode</source>
        <translation>Modo &amp;sala de aula</translation>
    </message>
    <message>
        <source>Full screen, large type and numbers for a projector (Esc leaves)</source>
        <translation>Tela cheia, letras e números grandes para um projetor (Esc sai)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Padrão do sistema</translation>
    </message>
    <message>
        <source>&amp;Hosts</source>
        <translation>&amp;Hosts</translation>
    </message>
    <message>
        <source>Manage SSH hosts…</source>
        <translation>Gerenciar hosts SSH…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>Atalhos de &amp;teclado</translation>
    </message>
    <message>
        <source>About Bancada</source>
        <translation>Sobre o Bancada</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Executar</translation>
    </message>
    <message>
        <source>{p} is not installed with this copy of Bancada</source>
        <translation>{p} não está instalado com esta cópia do Bancada</translation>
    </message>
    <message>
        <source>Open {p} with a text viewer</source>
        <translation>Abra {p} com um visualizador de texto</translation>
    </message>
    <message>
        <source>Bancada {v}: a workbench for API-performance experiments.</source>
        <translation>Bancada {v}: uma bancada para experimentos de desempenho de APIs.</translation>
    </message>
    <message>
        <source>The report, tables for papers, comparing runs</source>
        <translation>O relatório, tabelas para artigos, comparar execuções</translation>
    </message>
    <message>
        <source>PNG, SVG, samples CSV, one CSV per table, Markdown, profile, host facts and report.html</source>
        <translation>PNG, SVG, CSV das amostras, um CSV por tabela, Markdown, perfil, dados do host e report.html</translation>
    </message>
    <message>
        <source>&amp;Compare runs…</source>
        <translation>&amp;Comparar execuções…</translation>
    </message>
    <message>
        <source>Two or more runs (or a tidy CSV such as published data) side by side, treatment by treatment</source>
        <translation>Duas ou mais execuções (ou um CSV organizado, como dados publicados) lado a lado, tratamento por tratamento</translation>
    </message>
    <message>
        <source>&amp;Guided experiment</source>
        <translation>&amp;Experimento guiado</translation>
    </message>
    <message>
        <source>Step by step: a study, a pilot, the sample size, the run, the statistics and the conclusions</source>
        <translation>Passo a passo: um estudo, um piloto, o tamanho da amostra, a execução, as estatísticas e as conclusões</translation>
    </message>
</context>
<context>
    <name>WindowExport</name>
    <message numerus="yes">
        <source>Wrote %Ln row(s) to {p}</source>
        <translation>
            <numerusform>%Ln linha gravada em {p}</numerusform>
            <numerusform>%Ln linhas gravadas em {p}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln file(s) to {f}</source>
        <translation>
            <numerusform>%Ln arquivo exportado para {f}</numerusform>
            <numerusform>%Ln arquivos exportados para {f}</numerusform>
        </translation>
    </message>
    <message>
        <source>Writing the report… {p} %</source>
        <translation>Escrevendo o relatório… {p} %</translation>
    </message>
    <message>
        <source>A report is being written: wait for it to end</source>
        <translation>Um relatório está sendo escrito: espere terminar</translation>
    </message>
    <message>
        <source>The report could not be written</source>
        <translation>Não foi possível escrever o relatório</translation>
    </message>
    <message>
        <source>Report written: {pdf} and {html}</source>
        <translation>Relatório escrito: {pdf} e {html}</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Exportar relatório</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Plot saved to {p}</source>
        <translation>Gráfico salvo em {p}</translation>
    </message>
    <message>
        <source>Cannot write {p}</source>
        <translation>Não foi possível gravar {p}</translation>
    </message>
    <message>
        <source>Nothing to export yet: run an experiment or open a run</source>
        <translation>Nada para exportar ainda: execute um experimento ou abra uma execução</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>A exportação falhou</translation>
    </message>
    <message>
        <source>Export into folder</source>
        <translation>Exportar para a pasta</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <source>Export samples</source>
        <translation>Exportar amostras</translation>
    </message>
    <message>
        <source>{f} is a tidy sample CSV, opened read-only: export the plot as PNG or SVG, or copy the tables</source>
        <translation>{f} é um CSV de amostras organizado, aberto somente para leitura: exporte o gráfico como PNG ou SVG, ou copie as tabelas</translation>
    </message>
</context>
<context>
    <name>WindowProfiles</name>
    <message>
        <source>Stop the run before opening another profile</source>
        <translation>Pare a execução antes de abrir outro perfil</translation>
    </message>
    <message>
        <source>Cannot open the profile</source>
        <translation>Não foi possível abrir o perfil</translation>
    </message>
    <message>
        <source>Profile “{t}” loaded: press Run (Ctrl+R)</source>
        <translation>Perfil “{t}” carregado: clique em Executar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Open profile</source>
        <translation>Abrir perfil</translation>
    </message>
    <message>
        <source>Profiles (*.toml)</source>
        <translation>Perfis (*.toml)</translation>
    </message>
    <message>
        <source>Cannot save the profile</source>
        <translation>Não foi possível salvar o perfil</translation>
    </message>
    <message>
        <source>Profile saved to {p}</source>
        <translation>Perfil salvo em {p}</translation>
    </message>
    <message>
        <source>Save profile</source>
        <translation>Salvar perfil</translation>
    </message>
</context>
<context>
    <name>WindowRun</name>
    <message>
        <source>A run is already going on: stop it first</source>
        <translation>Já há uma execução em andamento: pare-a primeiro</translation>
    </message>
    <message>
        <source>Cannot start: {p}</source>
        <translation>Não é possível iniciar: {p}</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <source>Starting the workers on {h}…</source>
        <translation>Iniciando os workers em {h}…</translation>
    </message>
    <message>
        <source>Stopping: the workers stop and the run is kept…</source>
        <translation>Parando: os workers param e a execução é mantida…</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Continuar</translation>
    </message>
    <message>
        <source>Pausing after the current block…</source>
        <translation>Pausando após o bloco atual…</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Em execução</translation>
    </message>
    <message>
        <source>Waiting for the first samples…</source>
        <translation>Aguardando as primeiras amostras…</translation>
    </message>
    <message>
        <source>native</source>
        <translation>nativo</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Running {id} ({d} driver)</source>
        <translation>Executando {id} (driver {d})</translation>
    </message>
    <message>
        <source>Reattached to the run {id} started at {time}</source>
        <translation>Reconectado à execução {id} iniciada em {time}</translation>
    </message>
    <message>
        <source>A problem during the run</source>
        <translation>Um problema durante a execução</translation>
    </message>
    <message>
        <source>Run complete</source>
        <translation>Execução concluída</translation>
    </message>
    <message>
        <source>Run stopped; the samples so far are kept</source>
        <translation>Execução parada; as amostras obtidas até agora são mantidas</translation>
    </message>
    <message>
        <source>Run incomplete</source>
        <translation>Execução incompleta</translation>
    </message>
    <message>
        <source>the connection to {host} dropped during block(s) {blocks}; they are partial</source>
        <translation>a conexão com {host} caiu durante o(s) bloco(s) {blocks}; eles estão parciais</translation>
    </message>
    <message>
        <source>worker(s) died: {w}</source>
        <translation>worker(s) morreram: {w}</translation>
    </message>
    <message>
        <source>stopped by the user</source>
        <translation>parada pelo usuário</translation>
    </message>
    <message>
        <source>the run was abandoned</source>
        <translation>a execução foi abandonada</translation>
    </message>
    <message>
        <source>interrupted (Ctrl-C)</source>
        <translation>interrompida (Ctrl-C)</translation>
    </message>
    <message>
        <source>The run could not go on: {m}</source>
        <translation>A execução não pôde continuar: {m}</translation>
    </message>
    <message>
        <source>The run could not go on</source>
        <translation>A execução não pôde continuar</translation>
    </message>
    <message>
        <source>Paused (Ctrl+P resumes)</source>
        <translation>Pausado (Ctrl+P continua)</translation>
    </message>
    <message>
        <source>Stop the run before opening another</source>
        <translation>Pare a execução antes de abrir outra</translation>
    </message>
    <message>
        <source>Opening {p}…</source>
        <translation>Abrindo {p}…</translation>
    </message>
    <message>
        <source>Cannot open the run</source>
        <translation>Não foi possível abrir a execução</translation>
    </message>
    <message>
        <source>Run {id} ({s}), {n} samples: {p}</source>
        <translation>Execução {id} ({s}), {n} amostras: {p}</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <source>Open run</source>
        <translation>Abrir execução</translation>
    </message>
    <message>
        <source>Bancada runs and tidy sample CSVs (*.sqlite *.csv);;Bancada runs (*.sqlite);;Tidy sample CSVs (*.csv)</source>
        <translation>Execuções do Bancada e CSVs de amostras organizados (*.sqlite *.csv);;Execuções do Bancada (*.sqlite);;CSVs de amostras organizados (*.csv)</translation>
    </message>
    <message>
        <source>Press Run (Ctrl+R) to start: a box per treatment grows here while the samples arrive.</source>
        <translation>Clique em Executar (Ctrl+R) para começar: um boxplot por tratamento cresce aqui enquanto as amostras chegam.</translation>
    </message>
</context>
<context>
    <name>WindowSettings</name>
    <message>
        <source>(none yet)</source>
        <translation>(nenhuma ainda)</translation>
    </message>
</context>
<context>
    <name>Wizard</name>
    <message>
        <source>Choose a study</source>
        <translation>Escolha um estudo</translation>
    </message>
    <message>
        <source>Where the servers run</source>
        <translation>Onde os servidores rodam</translation>
    </message>
    <message>
        <source>The question and its factors</source>
        <translation>A pergunta e seus fatores</translation>
    </message>
    <message>
        <source>A pilot run</source>
        <translation>Uma execução piloto</translation>
    </message>
    <message>
        <source>How many requests</source>
        <translation>Quantas requisições</translation>
    </message>
    <message>
        <source>The main run</source>
        <translation>A execução principal</translation>
    </message>
    <message>
        <source>Is the response time normal?</source>
        <translation>O tempo de resposta é normal?</translation>
    </message>
    <message>
        <source>Which treatments differ</source>
        <translation>Quais tratamentos diferem</translation>
    </message>
    <message>
        <source>Which factor explains the variation</source>
        <translation>Qual fator explica a variação</translation>
    </message>
    <message>
        <source>Conclusions</source>
        <translation>Conclusões</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportação</translation>
    </message>
    <message>
        <source>An experiment answers one question by measuring. Each card is a study you can repeat here: read what it compares, then choose one.</source>
        <translation>Um experimento responde a uma pergunta medindo. Cada cartão é um estudo que você pode repetir aqui: leia o que ele compara e escolha um.</translation>
    </message>
    <message>
        <source>The servers under test (the workers) run on a host: this computer, or a machine you reach over SSH. Bancada checks what the host can run before anything starts.</source>
        <translation>Os servidores em teste (os workers) rodam num host: este computador, ou uma máquina que você acessa por SSH. O Bancada verifica o que o host consegue rodar antes de começar.</translation>
    </message>
    <message>
        <source>A factor is something you change on purpose (the language, the protocol, the payload); its values are its levels (Go and Java; gRPC and REST). Each combination of levels is a treatment, and the response is the time each request takes.</source>
        <translation>Um fator é algo que você varia de propósito (a linguagem, o protocolo, o payload); seus valores são os níveis (Go e Java; gRPC e REST). Cada combinação de níveis é um tratamento, e a resposta é o tempo que cada requisição leva.</translation>
    </message>
    <message>
        <source>Before the real measurement, a small pilot run (few requests, 2 repetitions) shows how much the response time varies. That variation decides how many requests the main run needs.</source>
        <translation>Antes da medição de verdade, uma pequena execução piloto (poucas requisições, 2 repetições) mostra quanto o tempo de resposta varia. Essa variação decide quantas requisições a execução principal precisa.</translation>
    </message>
    <message>
        <source>Now the experiment itself: every treatment in every repetition, in a shuffled order so that a drift of the machine does not favour one of them. The boxes grow while the samples arrive.</source>
        <translation>Agora o experimento em si: todos os tratamentos em todas as repetições, em ordem sorteada, para que uma deriva da máquina não favoreça nenhum deles. As caixas crescem enquanto as amostras chegam.</translation>
    </message>
    <message>
        <source>Many tests assume a normal (bell-shaped) distribution. The Shapiro-Wilk test checks it: p &lt; 0.05 means the data are not normal. Response times rarely are (a long tail of slow requests), so the comparisons that follow use rank tests, which do not assume it.</source>
        <translation>Muitos testes supõem uma distribuição normal (em forma de sino). O teste de Shapiro-Wilk verifica isso: p &lt; 0,05 significa que os dados não são normais. Tempos de resposta raramente são normais (uma cauda longa de requisições lentas), por isso as comparações a seguir usam testes de postos, que não fazem essa suposição.</translation>
    </message>
    <message>
        <source>Look at the boxes: where they do not overlap, the treatments probably differ; the lines below show each request in the order it arrived. When the values span more than a factor of ten, the latency axis turns logarithmic (1, 10, 100 equally spaced) so that fast treatments show as boxes and not as flat lines; View &gt; Log axis switches it.</source>
        <translation>Veja as caixas: onde elas não se sobrepõem, os tratamentos provavelmente diferem; as linhas abaixo mostram cada requisição na ordem em que chegou. Quando os valores vão além de um fator de dez, o eixo de latência fica logarítmico (1, 10 e 100 igualmente espaçados), para que os tratamentos rápidos apareçam como caixas e não como linhas achatadas; Exibir &gt; Eixo logarítmico liga e desliga isso.</translation>
    </message>
    <message>
        <source>Look at the “{column}” column of the table “{table}”: it adds up to 100 %.</source>
        <translation>Veja a coluna “{column}” da tabela “{table}”: ela soma 100 %.</translation>
    </message>
    <message>
        <source>Why more requests now? The pilot&apos;s {p} requests per treatment suggested {n0}. With {have} requests per treatment, this run met more of the slow tail: {t}&apos;s standard deviation is {cv} of its mean, and Jain&apos;s n grows with the square of that ratio, so the same formula asks for {n1}. The pilot&apos;s number was a first guess from few requests; the comparisons above do not depend on it, only how closely each mean is known (±{e}).</source>
        <translation>Por que mais requisições agora? As {p} requisições por tratamento do piloto sugeriram {n0}. Com {have} requisições por tratamento, esta execução encontrou mais da cauda lenta: o desvio padrão de {t} é {cv} da sua média, e o n de Jain cresce com o quadrado dessa razão; por isso a mesma fórmula pede {n1}. O número do piloto era uma primeira estimativa feita com poucas requisições; as comparações acima não dependem dele, só a precisão com que cada média é conhecida (±{e}).</translation>
    </message>
    <message>
        <source>The results as the sentences you write in a report, with the numbers filled in. Copy them, and check each one against the tables.</source>
        <translation>Os resultados nas frases que você escreve num relatório, com os números preenchidos. Copie-as e confira cada uma com as tabelas.</translation>
    </message>
    <message>
        <source>The allocation of variation (Jain 1991, ch. 17-18) splits the total variation of the response among the factors, their interaction and the experimental error (what varies from request to request with every factor fixed). Among the factors, the largest share is the one that matters most. When the experimental error is the largest share, the requests vary more on their own than with any factor, and the reading below says so.</source>
        <translation>A alocação de variação (Jain 1991, cap. 17-18) divide a variação total da resposta entre os fatores, sua interação e o erro experimental (o que varia de uma requisição para outra com todos os fatores fixos). Entre os fatores, o de maior fatia é o que mais pesa. Quando o erro experimental é a maior parte, as requisições variam mais por si só do que com qualquer fator, e a leitura abaixo diz isso.</translation>
    </message>
    <message>
        <source>Keep everything in one folder: the plot (plot.png), the samples (samples.csv, one row per request), the conclusions (conclusions.md), the tables and the profile, so that someone else can check or repeat the experiment.</source>
        <translation>Guarde tudo numa pasta: o gráfico (plot.png), as amostras (samples.csv, uma linha por requisição), as conclusões (conclusions.md), as tabelas e o perfil, para que outra pessoa possa conferir ou repetir o experimento.</translation>
    </message>
    <message>
        <source>Look at what each study compares: that is the question the experiment answers.</source>
        <translation>Veja o que cada estudo compara: essa é a pergunta que o experimento responde.</translation>
    </message>
    <message>
        <source>Look at the list: an implementation the host cannot run says why (not built, runtime missing).</source>
        <translation>Veja a lista: uma implementação que o host não consegue rodar diz por quê (não compilada, runtime ausente).</translation>
    </message>
    <message>
        <source>Look at the line under the lists: it counts the levels of each factor and the treatments they make.</source>
        <translation>Veja a linha abaixo das listas: ela conta os níveis de cada fator e os tratamentos que eles formam.</translation>
    </message>
    <message>
        <source>Look at the Live tab: the height of each box shows how much that treatment&apos;s response time varies.</source>
        <translation>Veja a aba Ao vivo: a altura de cada caixa mostra quanto o tempo de resposta daquele tratamento varia.</translation>
    </message>
    <message>
        <source>Look at the Sample size table in the Statistics tab: one row per treatment, the largest one decides.</source>
        <translation>Veja a tabela Tamanho da amostra na aba Estatísticas: uma linha por tratamento; a maior decide.</translation>
    </message>
    <message>
        <source>Look at the Normality table: the p column, one row per treatment.</source>
        <translation>Veja a tabela Normalidade: a coluna p, uma linha por tratamento.</translation>
    </message>
    <message>
        <source>Look at the Wilcoxon rank-sum table: Holm p below 0.05 means the pair differs; then Kruskal-Wallis and Dunn below it.</source>
        <translation>Veja a tabela do teste de Wilcoxon: p de Holm abaixo de 0,05 quer dizer que o par difere; depois Kruskal-Wallis e Dunn, abaixo dela.</translation>
    </message>
    <message>
        <source>Look at the numbers in each sentence: they are the medians and tests of the tables.</source>
        <translation>Veja os números em cada frase: são as medianas e os testes das tabelas.</translation>
    </message>
    <message>
        <source>Look at the folder afterwards: plot.png, samples.csv and conclusions.md.</source>
        <translation>Veja a pasta depois: plot.png, samples.csv e conclusions.md.</translation>
    </message>
    <message>
        <source>type the number of requests per repetition, e.g. 200</source>
        <translation>digite o número de requisições por repetição, por exemplo 200</translation>
    </message>
    <message>
        <source>“{t}” is not a whole number of requests: type digits only, e.g. 200</source>
        <translation>“{t}” não é um número inteiro de requisições: digite só algarismos, por exemplo 200</translation>
    </message>
    <message>
        <source>at least 2 requests per repetition: a median of one request says little</source>
        <translation>pelo menos 2 requisições por repetição: a mediana de uma requisição diz pouco</translation>
    </message>
    <message>
        <source>at most {m} requests per repetition here: that run would take too long</source>
        <translation>no máximo {m} requisições por repetição aqui: essa execução levaria tempo demais</translation>
    </message>
    <message>
        <source>{f}: 1 level ({l})</source>
        <translation>{f}: 1 nível ({l})</translation>
    </message>
    <message>
        <source>{f}: {k} levels ({l})</source>
        <translation>{f}: {k} níveis ({l})</translation>
    </message>
    <message>
        <source>language</source>
        <translation>linguagem</translation>
    </message>
    <message>
        <source>protocol</source>
        <translation>protocolo</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>payload</translation>
    </message>
    <message>
        <source> → 1 treatment ({impls} × {payloads})</source>
        <translation> → 1 tratamento ({impls} × {payloads})</translation>
    </message>
    <message>
        <source> → {t} treatments ({impls} × {payloads})</source>
        <translation> → {t} tratamentos ({impls} × {payloads})</translation>
    </message>
    <message>
        <source>1 implementation</source>
        <translation>1 implementação</translation>
    </message>
    <message>
        <source>{n} implementations</source>
        <translation>{n} implementações</translation>
    </message>
    <message>
        <source>1 payload</source>
        <translation>1 payload</translation>
    </message>
    <message>
        <source>{n} payloads</source>
        <translation>{n} payloads</translation>
    </message>
    <message>
        <source>; not every language has every protocol here, so not every combination is a treatment</source>
        <translation>; aqui nem toda linguagem tem todos os protocolos, então nem toda combinação é um tratamento</translation>
    </message>
    <message>
        <source>choose a study to go on</source>
        <translation>escolha um estudo para continuar</translation>
    </message>
    <message>
        <source>this study cannot be opened: {m}</source>
        <translation>este estudo não pode ser aberto: {m}</translation>
    </message>
    <message>
        <source>cannot ask {h} what it runs: {m}</source>
        <translation>não foi possível perguntar a {h} o que ele roda: {m}</translation>
    </message>
    <message>
        <source>checking what {h} can run…</source>
        <translation>verificando o que {h} consegue rodar…</translation>
    </message>
    <message>
        <source>{h} can run fewer than two implementations: nothing to compare</source>
        <translation>{h} roda menos de duas implementações: não há o que comparar</translation>
    </message>
    <message>
        <source>choose at least two implementations: a comparison needs two levels</source>
        <translation>escolha pelo menos duas implementações: uma comparação precisa de dois níveis</translation>
    </message>
    <message>
        <source>choose at least one payload</source>
        <translation>escolha pelo menos um payload</translation>
    </message>
    <message>
        <source>the run did not complete: run it again</source>
        <translation>a execução não terminou: execute de novo</translation>
    </message>
    <message>
        <source>run the pilot first</source>
        <translation>execute o piloto primeiro</translation>
    </message>
    <message>
        <source>the pilot is running…</source>
        <translation>o piloto está em execução…</translation>
    </message>
    <message>
        <source>start the main run</source>
        <translation>inicie a execução principal</translation>
    </message>
    <message>
        <source>the main run is going on…</source>
        <translation>a execução principal está em andamento…</translation>
    </message>
    <message>
        <source>the run has no statistics: it needs at least two treatments with samples</source>
        <translation>a execução não tem estatísticas: são precisos pelo menos dois tratamentos com amostras</translation>
    </message>
    <message>
        <source>writing the conclusions…</source>
        <translation>escrevendo as conclusões…</translation>
    </message>
    <message>
        <source>choose a folder to export into</source>
        <translation>escolha uma pasta para exportar</translation>
    </message>
    <message>
        <source>{f} is a file, not a folder: choose a folder</source>
        <translation>{f} é um arquivo, não uma pasta: escolha uma pasta</translation>
    </message>
    <message>
        <source>press Export to write the folder</source>
        <translation>pressione Exportar para gravar a pasta</translation>
    </message>
    <message>
        <source>about {s} s</source>
        <translation>cerca de {s} s</translation>
    </message>
    <message>
        <source>about {m} min</source>
        <translation>cerca de {m} min</translation>
    </message>
    <message>
        <source>about {h} h {m} min</source>
        <translation>cerca de {h} h {m} min</translation>
    </message>
    <message>
        <source>At the pilot&apos;s pace ({rate} requests per second, plus {setup} s per repetition to start the workers and warm them up), the main run&apos;s {t} treatments × {r} repetitions × {n} requests = {total} requests take {d}.</source>
        <translation>No ritmo do piloto ({rate} requisições por segundo, mais {setup} s por repetição para iniciar os workers e aquecê-los), a execução principal, com {t} tratamentos × {r} repetições × {n} requisições = {total} requisições, leva {d}.</translation>
    </message>
    <message>
        <source>Why?</source>
        <translation>Por quê?</translation>
    </message>
    <message>
        <source>The tests say which treatments differ, not why. While the main run measured, each server&apos;s CPU was sampled with its language&apos;s profiler: a flame graph stacks the functions that were running, callers below, each as wide as its share of the samples. The widest frames at the top are where the time went. This step is optional.</source>
        <translation>Os testes dizem quais tratamentos diferem, não por quê. Enquanto a execução principal media, a CPU de cada servidor foi amostrada pelo profiler da sua linguagem: um flame graph empilha as funções que estavam rodando, quem chama embaixo, cada uma tão larga quanto a sua fatia das amostras. Os quadros mais largos no topo mostram para onde foi o tempo. Esta etapa é opcional.</translation>
    </message>
    <message>
        <source>Look at the Flame graphs tab: hover a frame for its name and share; pick another treatment or “Compare with” to see two side by side in colour.</source>
        <translation>Veja a aba Flame graphs: passe o mouse sobre um quadro para ver o nome e a fatia; escolha outro tratamento ou “Comparar com” para ver dois comparados em cores.</translation>
    </message>
    <message>
        <source>This run has no CPU profiles. Tick “Profile the servers&apos; CPU” on the main run&apos;s step and run it again to see where the servers spend their time; this step is optional.</source>
        <translation>Esta execução não tem perfis de CPU. Marque “Perfilar a CPU dos servidores” na etapa da execução principal e execute de novo para ver onde os servidores gastam o tempo; esta etapa é opcional.</translation>
    </message>
    <message>
        <source>Only one treatment of {payload} has a CPU profile: nothing to compare.</source>
        <translation>Só um tratamento de {payload} tem perfil de CPU: não há o que comparar.</translation>
    </message>
    <message>
        <source>In {payload}, the slowest treatment is {slow} (median {ms_slow} ms) and the fastest is {fast} (median {ms_fast} ms). The functions with most samples of their own in {slow}&apos;s flame graph: {frames_slow}. In {fast}&apos;s: {frames_fast}. These are where each server spent its CPU: in a REST server, often decoding and encoding JSON text number by number; in a gRPC server, protobuf&apos;s binary fields. The Flame graphs tab shows {slow} coloured against {fast}: red frames take a larger share in {slow}, blue a smaller.</source>
        <translation>Em {payload}, o tratamento mais lento é {slow} (mediana de {ms_slow} ms) e o mais rápido é {fast} (mediana de {ms_fast} ms). As funções com mais amostras próprias no flame graph de {slow}: {frames_slow}. No de {fast}: {frames_fast}. É aí que cada servidor gastou sua CPU: num servidor REST, muitas vezes decodificando e codificando texto JSON número por número; num servidor gRPC, os campos binários do protobuf. A aba Flame graphs mostra {slow} colorido em relação a {fast}: quadros vermelhos ocupam uma fatia maior em {slow}; azuis, uma menor.</translation>
    </message>
    <message>
        <source>A worker&apos;s profile covers every payload it served in a block ({n} samples here).</source>
        <translation>O perfil de um worker cobre todos os payloads que ele atendeu num bloco ({n} amostras aqui).</translation>
    </message>
    <message>
        <source>In {r} repetitions that is {k} requests per repetition.</source>
        <translation>Em {r} repetições, são {k} requisições por repetição.</translation>
    </message>
    <message>
        <source>Rank tests compare the order of the values, not their means. Wilcoxon rank-sum compares two treatments at a time; Kruskal-Wallis asks whether a factor makes any difference; Dunn&apos;s test then says which pairs differ. Cliff&apos;s δ says how large a difference is, and its sign which treatment tends to be faster. Wilcoxon runs twice: over every request, and over each repetition&apos;s median. When they disagree, trust the one per repetition, provided it can decide: the requests of one repetition share that moment&apos;s conditions (the machine&apos;s load, the connections, the server&apos;s warm state), so they are not independent, and the test per request counts thousands of them as independent evidence, finding differences that the repetitions do not repeat. With few repetitions the test per repetition cannot reach p &lt; 0.05 at all (with Holm over the 6 pairs of a 2 × 2 design it needs at least 5); its &quot;no difference&quot; then says nothing, and the line under its table says how many repetitions it needs.</source>
        <translation>Testes de postos comparam a ordem dos valores, não as médias. O teste de Wilcoxon (soma de postos) compara dois tratamentos por vez; o de Kruskal-Wallis pergunta se um fator faz alguma diferença; o teste de Dunn diz então quais pares diferem. O δ de Cliff diz o tamanho de uma diferença, e seu sinal, qual tratamento tende a ser mais rápido. O Wilcoxon é feito duas vezes: sobre todas as requisições e sobre a mediana de cada repetição. Quando os dois discordam, confie no teste por repetição, desde que ele possa decidir: as requisições de uma repetição compartilham as condições daquele momento (a carga da máquina, as conexões, o estado já aquecido do servidor), então não são independentes, e o teste por requisição conta milhares delas como evidências independentes, achando diferenças que as repetições não repetem. Com poucas repetições, o teste por repetição não consegue chegar a p &lt; 0,05 (com Holm sobre os 6 pares de um projeto 2 × 2, ele precisa de pelo menos 5); seu &quot;sem diferença&quot; então não diz nada, e a linha sob a tabela diz quantas repetições ele precisa.</translation>
    </message>
    <message>
        <source>The more a measurement varies, the more samples it needs. The rank tests that follow compare medians, so the requests proposed are those that know each median within ±5 % (the interval from the order statistics, read off the pilot); Jain&apos;s formula (The Art of Computer Systems Performance Analysis, 1991, §13.9) gives the number for the mean beside it. Repetitions matter more than requests for the test to trust: it counts each repetition once.</source>
        <translation>Quanto mais uma medida varia, mais amostras ela precisa. Os testes de postos a seguir comparam medianas, então as requisições propostas são as que conhecem cada mediana com erro de ±5 % (o intervalo das estatísticas de ordem, lido do piloto); a fórmula de Jain (The Art of Computer Systems Performance Analysis, 1991, §13.9) dá ao lado o número para a média. Para o teste em que se deve confiar, as repetições importam mais que as requisições: ele conta cada repetição uma vez.</translation>
    </message>
    <message>
        <source>The rank tests that follow compare medians, so the main run takes the requests a median needs: within ±{e} with {c} confidence, {t} needs {n} (the distribution-free interval from the order statistics, Conover 1999, §3.2, read off the pilot).</source>
        <translation>Os testes de postos a seguir comparam medianas, então a execução principal usa as requisições de que uma mediana precisa: com erro de ±{e} e {c} de confiança, {t} precisa de {n} (o intervalo livre de distribuição das estatísticas de ordem, Conover 1999, §3.2, lido do piloto).</translation>
    </message>
    <message>
        <source>To know each treatment&apos;s mean response time within ±{e} with {c} confidence, the pilot&apos;s most variable treatment, {t} (mean {m} ms, standard deviation {s} ms), needs n = ⌈(100 × {z} × {s} / ({e0} × {m}))²⌉ = {n} requests (Jain&apos;s formula, the seed study&apos;s method).</source>
        <extracomment>The optional step &quot;Why?&quot; (bancada.guide.why): after the rank tests, when the main run was profiled. The pilot&apos;s size: requests per treatment and repetition, repetitions, warm-up requests. The most requests per repetition the wizard accepts (a class has minutes, not hours).</extracomment>
        <translation>Para conhecer o tempo médio de resposta de cada tratamento com erro de ±{e} e {c} de confiança, o tratamento mais variável do piloto, {t} (média {m} ms, desvio padrão {s} ms), precisa de n = ⌈(100 × {z} × {s} / ({e0} × {m}))²⌉ = {n} requisições (a fórmula de Jain, o método do estudo original).</translation>
    </message>
    <message>
        <source>The {r} repetitions let the test that counts each repetition once decide: over {kp} it needs at least {need}.</source>
        <translation>As {r} repetições permitem que o teste que conta cada repetição uma vez decida: em {kp}, ele precisa de pelo menos {need}.</translation>
    </message>
    <message>
        <source>Use at least {need} repetitions: the test that counts each repetition once is the one to trust (the requests of one repetition are not independent), and over {kp} it cannot reach p &lt; 0.05 with fewer (with {r}, its smallest possible p is {pmin}); more requests do not change that.</source>
        <translation>Use pelo menos {need} repetições: o teste que conta cada repetição uma vez é aquele em que se deve confiar (as requisições de uma repetição não são independentes), e em {kp} ele não consegue chegar a p &lt; 0,05 com menos (com {r}, seu menor p possível é {pmin}); mais requisições não mudam isso.</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Bancada cannot open this profile</source>
        <extracomment>Set (to anything) to have the window print ``bancada startup: visible|usable EPOCH_S`` on stderr (``time.time()``) when it is first shown on the screen and when it is usable (the profile in the panel and the host&apos;s answer in): tests/bench/startup.py times the start-up with it.</extracomment>
        <translation>O Bancada não consegue abrir este perfil</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>bancada run PROFILE runs the same experiment in this terminal (e.g. bancada run profiles/quick.toml)</source>
        <translation>bancada run PERFIL executa o mesmo experimento neste terminal (por exemplo, bancada run profiles/quick.toml)</translation>
    </message>
    <message>
        <source>DISPLAY={d} cannot be reached</source>
        <translation>não é possível conectar a DISPLAY={d}</translation>
    </message>
    <message>
        <source>DISPLAY is not set</source>
        <translation>DISPLAY não está definido</translation>
    </message>
    <message>
        <source>there is no display to open the window on ({why}); {hint}</source>
        <translation>não há tela onde abrir a janela ({why}); {hint}</translation>
    </message>
    <message>
        <source>the GUI cannot start ({why}); {hint}</source>
        <translation>a interface gráfica não pode iniciar ({why}); {hint}</translation>
    </message>
    <message>
        <source>runs</source>
        <extracomment>The width of output that is not a terminal: as wide as the rows need (no row is this long).</extracomment>
        <translation>execuções</translation>
    </message>
    <message>
        <source>run id</source>
        <translation>id da execução</translation>
    </message>
    <message>
        <source>started</source>
        <translation>início</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>perfil</translation>
    </message>
    <message>
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <source>status</source>
        <translation>situação</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>medidas</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>aquecimento</translation>
    </message>
    <message>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <source>no runs yet: try  bancada run profiles/quick.toml</source>
        <translation>nenhuma execução ainda: experimente  bancada run profiles/quick.toml</translation>
    </message>
</context>
</TS>
