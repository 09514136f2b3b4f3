/**
 * End-of-turn tokens a model may leave at the end of a reply whatever format it is prompted in
 * (a Llama fine-tune prompted in Hermes tags still ends with `<|eot_id|>`): markup in every
 * format, besides the family's own control tokens.
 */
export const END_OF_TURN_TOKENS: readonly string[] = [
  '<|im_end|>',
  '<|eot_id|>',
  '<|eom_id|>',
  '<|eot|>',
  '<|eom|>',
  '<end_of_turn>',
  '<|endoftext|>',
  '<|end_of_text|>',
  '<|observation|>',
  '<|return|>',
  '<|call|>',
];
