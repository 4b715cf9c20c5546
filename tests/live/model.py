"""Writes a small llama model with random weights as a GGUF file, for llama.cpp's server to load
in the live browser tests (tests/live/servers.py). Nothing is downloaded: the weights come from
numpy's generator, seeded, so the same arguments always write the same file.

    python tests/live/model.py --width 768 --layers 6 --ffn 2048 --seed 1 OUT.gguf

The answers are nonsense; what matters is that the model has a real llama's shape (so prefill
and decode cost what such a model costs) and that any text tokenizes: the vocabulary is
SentencePiece's, with the 256 byte tokens as a fallback and whole-word pieces for common
English words, so a prompt of repeated words is about one token a word.
"""

import argparse
import sys

import gguf
import numpy as np

# Common English words, each a piece "▁word" of its own (with the shorter prefixes llama.cpp's
# SentencePiece tokenizer merges through on the way to it).
WORDS = """
the of and to a in is it you that he was for on are with as I his they be at one have this from
or had by hot word but what some we can out other were all there when up use your how said an
each she which do their time if will way about many then them write would like so these her
long make thing see him two has look more day could go come did number sound no most people my
over know water than call first who may down side been now find any new work part take get
place made live where after back little only round man year came show every good me give our
under name very through just form sentence great think say help low line differ turn cause
much mean before move right boy old too same tell does set three want air well also play small
end put home read hand port large spell add even land here must big high such follow act why
ask men change went light kind off need house picture try us again animal point mother world
near build self earth father head stand own page should country found answer school grow study
still learn plant cover food sun four between state keep eye never last let thought city tree
cross farm hard start might story saw far sea draw left late run while press close night real
life few north open seem together next white children begin got walk example ease paper group
always music those both mark often letter until mile river car feet care second book carry
took science eat room friend began idea fish mountain stop once base hear horse cut sure watch
color face wood main enough plain girl usual young ready above ever red list though feel talk
bird soon body dog family direct pose leave song measure door product black short numeral class
wind question happen complete ship area half rock order fire south problem piece told knew pass
since top whole king space heard best hour better true during hundred five remember step early
hold west ground interest reach fast verb sing listen six table travel less morning ten simple
several vowel toward war lay against pattern slow center love person money serve appear road
map rain rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark
machine note wait plan figure star box noun field rest correct able pound done beauty drive
stood contain front teach week final gave green oh quick develop ocean warm free minute strong
special mind behind clear tail produce fact street inch multiply nothing course stay wheel full
force blue object decide surface deep moon island foot system busy test record boat common gold
possible plane stead dry wonder laugh thousand ago ran check game shape equate miss brought
heat snow tire bring yes distant fill east paint language among token model prompt answer
""".split()

SPACE = "\u2581"  # SentencePiece's word boundary, "▁"

# gguf.TokenType values, spelled out: NORMAL = 1, UNKNOWN = 2, CONTROL = 3, BYTE = 6.
NORMAL, UNKNOWN, CONTROL, BYTE = 1, 2, 3, 6


def vocabulary():
    """The tokens, their scores and their types: `<unk>`, `<s>`, `</s>`, the 256 byte tokens,
    then word pieces. Every string is unique (llama.cpp refuses a vocabulary with duplicates)."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    types = [UNKNOWN, CONTROL, CONTROL] + [BYTE] * 256
    pieces = {}
    letters = [SPACE] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
    for piece in letters:
        pieces.setdefault(piece, None)
    for word in WORDS:
        piece = SPACE + word
        # Every prefix from two characters up, so merging pairs always reaches the whole word.
        for end in range(2, len(piece) + 1):
            pieces.setdefault(piece[:end], None)
    for piece in pieces:
        tokens.append(piece)
        types.append(NORMAL)
    assert len(set(tokens)) == len(tokens), "token strings must be unique"
    # SentencePiece merges the best-scoring pair first: longer pieces score higher.
    scores = [0.0] * 259 + [float(len(p)) for p in pieces]
    return tokens, scores, types


def write_model(path, width, layers, ffn, seed, context=4096, head_dim=64):
    if width % head_dim:
        raise ValueError(f"the width ({width}) must be a multiple of {head_dim}")
    heads = width // head_dim
    tokens, scores, types = vocabulary()
    rng = np.random.default_rng(seed)

    def weight(rows, cols):
        # numpy's (rows, cols) is ggml's [cols, rows]: `rows` outputs from `cols` inputs. A
        # scale of 1/sqrt(inputs) keeps every layer's output near unit size, so nothing grows
        # to infinity or NaN however long the answer.
        w = rng.standard_normal((rows, cols), dtype=np.float32)
        w *= np.float32(0.5 / np.sqrt(cols))
        return w

    def ones(n):
        return np.ones(n, dtype=np.float32)

    writer = gguf.GGUFWriter(path, "llama")
    writer.add_name(f"crossover-live-{width}x{layers}-ffn{ffn}-seed{seed}")
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_context_length(context)
    writer.add_embedding_length(width)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(ffn)
    writer.add_head_count(heads)
    writer.add_head_count_kv(heads)
    writer.add_rope_dimension_count(head_dim)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(len(tokens))
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_unk_token_id(0)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)

    vocab = len(tokens)
    writer.add_tensor("token_embd.weight", rng.standard_normal((vocab, width), dtype=np.float32))
    for i in range(layers):
        block = f"blk.{i}"
        writer.add_tensor(f"{block}.attn_norm.weight", ones(width))
        writer.add_tensor(f"{block}.attn_q.weight", weight(width, width))
        writer.add_tensor(f"{block}.attn_k.weight", weight(width, width))
        writer.add_tensor(f"{block}.attn_v.weight", weight(width, width))
        writer.add_tensor(f"{block}.attn_output.weight", weight(width, width))
        writer.add_tensor(f"{block}.ffn_norm.weight", ones(width))
        writer.add_tensor(f"{block}.ffn_gate.weight", weight(ffn, width))
        writer.add_tensor(f"{block}.ffn_up.weight", weight(ffn, width))
        writer.add_tensor(f"{block}.ffn_down.weight", weight(width, ffn))
    writer.add_tensor("output_norm.weight", ones(width))
    writer.add_tensor("output.weight", weight(vocab, width))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write a small random-weight llama GGUF model.")
    parser.add_argument("--width", type=int, required=True, help="embedding width (a multiple of 64)")
    parser.add_argument("--layers", type=int, required=True, help="number of transformer blocks")
    parser.add_argument("--ffn", type=int, required=True, help="feed-forward width")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random weights")
    parser.add_argument("output", help="path of the .gguf file to write")
    args = parser.parse_args(argv)
    try:
        write_model(args.output, args.width, args.layers, args.ffn, args.seed)
    except (OSError, ValueError) as error:
        print(f"model.py: cannot write {args.output}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
